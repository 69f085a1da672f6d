package transformer

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kernels of NVIDIA/cuda-samples (at c94ff366) that
// package corpus does not port: 4_CUDA_Libraries/
// conjugateGradientMultiBlockCG's gpuConjugateGradient, a cooperative
// kernel with grid-wide barriers in a loop; 3_CUDA_Features/
// jacobiCudaGraphs' JacobiMethod and finalError over tiles of 32 and 8;
// and from 5_Domain_Specific: fastWalshTransform's three kernels,
// dwtHaar1D's initValue and dwtHaar1D, BlackScholes' BlackScholesGPU,
// binomialOptions' binomialOptionsKernel and FDTD3d's
// FiniteDifferencesKernel. A __constant__ or __device__ array is an
// argument read (or written) as a slice; cg::sync(cta) is cta.Sync().

// gpuSpMV is gpuSpMV of conjugateGradientMultiBlockCG.cu: y = alpha·A·x
// for the CSR matrix (I, J, val), a grid-stride loop over the rows.
func gpuSpMV(I, J []int32, val []float32, nnz, numRows int, alpha float32, inputVecX, outputVecY []float32, cta cg.ThreadBlock, grid cg.Grid) {
	for i := int(grid.ThreadRank()); i < numRows; i += int(grid.Size()) {
		rowElem := int(I[i])
		nextRowElem := int(I[i+1])
		numElemsThisRow := nextRowElem - rowElem

		output := float32(0.0)
		for j := 0; j < numElemsThisRow; j++ {
			output += alpha * val[rowElem+j] * inputVecX[J[rowElem+j]]
		}

		outputVecY[i] = output
	}
}

// gpuSaxpy is gpuSaxpy of conjugateGradientMultiBlockCG.cu.
func gpuSaxpy(x, y []float32, a float32, size int, grid cg.Grid) {
	for i := int(grid.ThreadRank()); i < size; i += int(grid.Size()) {
		y[i] = a*x[i] + y[i]
	}
}

// gpuDotProduct is gpuDotProduct of conjugateGradientMultiBlockCG.cu: a
// grid-stride dot product in double, cg::reduce over tiles of 32, the
// tiles' sums through shared memory, a second cg::reduce in tile 0 and
// one atomicAdd a block.
func gpuDotProduct(t *gocuda.Thread, vecA, vecB []float32, result *float64, size int, cta cg.ThreadBlock, grid cg.Grid) {
	tmp := gocuda.DynamicShared[float64](t)

	tempSum := 0.0
	for i := int(grid.ThreadRank()); i < size; i += int(grid.Size()) {
		tempSum += float64(vecA[i] * vecB[i])
	}

	tile32 := cg.TiledPartition(cta, 32)

	tempSum = cg.Reduce(tile32, tempSum, cg.Plus[float64])

	if tile32.ThreadRank() == 0 {
		tmp[tile32.MetaGroupRank()] = tempSum
	}

	cta.Sync()

	if tile32.MetaGroupRank() == 0 {
		if tile32.ThreadRank() < tile32.MetaGroupSize() {
			tempSum = tmp[tile32.ThreadRank()]
		} else {
			tempSum = 0.0
		}
		tempSum = cg.Reduce(tile32, tempSum, cg.Plus[float64])

		if tile32.ThreadRank() == 0 {
			atomic.Add(result, tempSum)
		}
	}
}

// gpuCopyVector is gpuCopyVector of conjugateGradientMultiBlockCG.cu.
func gpuCopyVector(srcA, destB []float32, size int, grid cg.Grid) {
	for i := int(grid.ThreadRank()); i < size; i += int(grid.Size()) {
		destB[i] = srcA[i]
	}
}

// gpuScaleVectorAndSaxpy is gpuScaleVectorAndSaxpy of
// conjugateGradientMultiBlockCG.cu.
func gpuScaleVectorAndSaxpy(x, y []float32, a, scale float32, size int, grid cg.Grid) {
	for i := int(grid.ThreadRank()); i < size; i += int(grid.Size()) {
		y[i] = a*x[i] + scale*y[i]
	}
}

// GpuConjugateGradientKernel is gpuConjugateGradient of
// 4_CUDA_Libraries/conjugateGradientMultiBlockCG/
// conjugateGradientMultiBlockCG.cu: the whole conjugate-gradient solve in
// one cooperative launch, grid.sync() between its phases, its loop's
// condition read from the dot product in global memory.
//
//gocuda:kernel GpuConjugateGradientKernel
func gpuConjugateGradientKernel(t *gocuda.Thread, I, J []int32, val, x, Ax, p, r []float32, dotResult *float64, nnz, N int, tol float32) {
	cta := cg.ThisThreadBlock(t)
	grid := cg.ThisGrid(t)

	maxIter := 10000

	alpha := float32(1.0)
	alpham1 := float32(-1.0)
	var r0, r1, b, a, na float32 = 0.0, 0, 0, 0, 0

	gpuSpMV(I, J, val, nnz, N, alpha, x, Ax, cta, grid)

	grid.Sync()

	gpuSaxpy(Ax, r, alpham1, N, grid)

	grid.Sync()

	gpuDotProduct(t, r, r, dotResult, N, cta, grid)

	grid.Sync()

	r1 = float32(*dotResult)

	k := 1
	for r1 > tol*tol && k <= maxIter {
		if k > 1 {
			b = r1 / r0
			gpuScaleVectorAndSaxpy(r, p, alpha, b, N, grid)
		} else {
			gpuCopyVector(r, p, N, grid)
		}

		grid.Sync()

		gpuSpMV(I, J, val, nnz, N, alpha, p, Ax, cta, grid)

		if t.ThreadIdx.X == 0 && t.BlockIdx.X == 0 {
			*dotResult = 0.0
		}

		grid.Sync()

		gpuDotProduct(t, p, Ax, dotResult, N, cta, grid)

		grid.Sync()

		a = float32(float64(r1) / *dotResult)

		gpuSaxpy(p, x, a, N, grid)
		na = -a
		gpuSaxpy(Ax, r, na, N, grid)

		r0 = r1

		grid.Sync()
		if t.ThreadIdx.X == 0 && t.BlockIdx.X == 0 {
			*dotResult = 0.0
		}

		grid.Sync()

		gpuDotProduct(t, r, r, dotResult, N, cta, grid)

		grid.Sync()

		r1 = float32(*dotResult)
		k++
	}
}

// jacobiNRows and jacobiRowsPerCTA are jacobi.h's N_ROWS and jacobi.cu's
// ROWS_PER_CTA.
const (
	jacobiNRows      = 512
	jacobiRowsPerCTA = 8
)

// JacobiMethodKernel is JacobiMethod of 3_CUDA_Features/jacobiCudaGraphs/
// jacobi.cu: block b updates rows 8b..8b+7 of x_new, each row's dot
// product reduced by tile32 shuffles into shared memory with atomics, the
// error summed by an 8-thread tile made inside a branch.
//
//gocuda:kernel JacobiMethodKernel
func jacobiMethodKernel(t *gocuda.Thread, A []float32, b []float64, convThreshold float32, x, xNew []float64, sum *float64) {
	cta := cg.ThisThreadBlock(t)
	xShared := gocuda.Shared[float64](t, jacobiNRows)
	bShared := gocuda.Shared[float64](t, jacobiRowsPerCTA+1)

	for i := t.ThreadIdx.X; i < jacobiNRows; i += t.BlockDim.X {
		xShared[i] = x[i]
	}

	if t.ThreadIdx.X < jacobiRowsPerCTA {
		k := t.ThreadIdx.X
		for i := k + (t.BlockIdx.X * jacobiRowsPerCTA); (k < jacobiRowsPerCTA) && (i < jacobiNRows); k, i = k+jacobiRowsPerCTA, i+jacobiRowsPerCTA {
			bShared[i%(jacobiRowsPerCTA+1)] = b[i]
		}
	}

	cta.Sync()

	tile32 := cg.TiledPartition(cta, 32)

	for k, i := 0, t.BlockIdx.X*jacobiRowsPerCTA; (k < jacobiRowsPerCTA) && (i < jacobiNRows); k, i = k+1, i+1 {
		rowThreadSum := 0.0
		for j := t.ThreadIdx.X; j < jacobiNRows; j += t.BlockDim.X {
			rowThreadSum += float64(A[i*jacobiNRows+j]) * xShared[j]
		}

		for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
			rowThreadSum += cg.ShflDown(tile32, rowThreadSum, offset)
		}

		if tile32.ThreadRank() == 0 {
			atomic.Add(&bShared[i%(jacobiRowsPerCTA+1)], -rowThreadSum)
		}
	}

	cta.Sync()

	if t.ThreadIdx.X < jacobiRowsPerCTA {
		tile8 := cg.TiledPartition(cta, jacobiRowsPerCTA)
		tempSum := 0.0

		k := t.ThreadIdx.X

		for i := k + (t.BlockIdx.X * jacobiRowsPerCTA); (k < jacobiRowsPerCTA) && (i < jacobiNRows); k, i = k+jacobiRowsPerCTA, i+jacobiRowsPerCTA {
			dx := bShared[i%(jacobiRowsPerCTA+1)]
			dx /= float64(A[i*jacobiNRows+i])

			xNew[i] = (xShared[i] + dx)
			tempSum += fabs(dx)
		}

		for offset := tile8.Size() / 2; offset > 0; offset /= 2 {
			tempSum += cg.ShflDown(tile8, tempSum, offset)
		}

		if tile8.ThreadRank() == 0 {
			atomic.Add(sum, tempSum)
		}
	}
}

// FinalErrorKernel is finalError of jacobiCudaGraphs/jacobi.cu: the sum of
// |x[i] - 1| by tile32 shuffles, the warps' sums through shared memory and
// one atomicAdd a block.
//
//gocuda:kernel FinalErrorKernel
func finalErrorKernel(t *gocuda.Thread, x []float64, gSum *float64) {
	cta := cg.ThisThreadBlock(t)
	warpSum := gocuda.DynamicShared[float64](t)
	sum := 0.0

	globalThreadID := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	for i := globalThreadID; i < jacobiNRows; i += t.BlockDim.X * t.GridDim.X {
		d := x[i] - 1.0
		sum += fabs(d)
	}

	tile32 := cg.TiledPartition(cta, 32)

	for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
		sum += cg.ShflDown(tile32, sum, offset)
	}

	if tile32.ThreadRank() == 0 {
		warpSum[t.ThreadIdx.X/gocuda.WarpSize] = sum
	}

	cta.Sync()

	blockSum := 0.0
	if t.ThreadIdx.X < (t.BlockDim.X / gocuda.WarpSize) {
		blockSum = warpSum[t.ThreadIdx.X]
	}

	if t.ThreadIdx.X < 32 {
		for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
			blockSum += cg.ShflDown(tile32, blockSum, offset)
		}
		if tile32.ThreadRank() == 0 {
			atomic.Add(gSum, blockSum)
		}
	}
}

// FwtBatch1Kernel is fwtBatch1Kernel of 5_Domain_Specific/
// fastWalshTransform/fastWalshTransform_kernel.cuh: block b transforms
// its 2^log2N elements in shared memory, radix-4 stages and one radix-2
// stage for an odd power.
//
//gocuda:kernel FwtBatch1Kernel
func fwtBatch1Kernel(t *gocuda.Thread, dOutput, dInput []float32, log2N int) {
	cta := cg.ThisThreadBlock(t)
	N := 1 << log2N
	base := t.BlockIdx.X << log2N

	sData := gocuda.DynamicShared[float32](t)
	dSrc := dInput[base:]
	dDst := dOutput[base:]

	for pos := t.ThreadIdx.X; pos < N; pos += t.BlockDim.X {
		sData[pos] = dSrc[pos]
	}

	pos := t.ThreadIdx.X

	for stride := N >> 2; stride > 0; stride >>= 2 {
		lo := pos & (stride - 1)
		i0 := ((pos - lo) << 2) + lo
		i1 := i0 + stride
		i2 := i1 + stride
		i3 := i2 + stride

		cta.Sync()
		D0 := sData[i0]
		D1 := sData[i1]
		D2 := sData[i2]
		D3 := sData[i3]

		var T float32
		T = D0
		D0 = D0 + D2
		D2 = T - D2
		T = D1
		D1 = D1 + D3
		D3 = T - D3
		T = D0
		sData[i0] = D0 + D1
		sData[i1] = T - D1
		T = D2
		sData[i2] = D2 + D3
		sData[i3] = T - D3
	}

	if log2N&1 != 0 {
		cta.Sync()

		for pos := t.ThreadIdx.X; pos < N/2; pos += t.BlockDim.X {
			i0 := pos << 1
			i1 := i0 + 1

			D0 := sData[i0]
			D1 := sData[i1]
			sData[i0] = D0 + D1
			sData[i1] = D0 - D1
		}
	}

	cta.Sync()

	for pos := t.ThreadIdx.X; pos < N; pos += t.BlockDim.X {
		dDst[pos] = sData[pos]
	}
}

// FwtBatch2Kernel is fwtBatch2Kernel of fastWalshTransform_kernel.cuh: one
// radix-4 stage of stride in global memory, blockIdx.y the batch.
//
//gocuda:kernel FwtBatch2Kernel
func fwtBatch2Kernel(t *gocuda.Thread, dOutput, dInput []float32, stride int) {
	pos := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	N := t.BlockDim.X * t.GridDim.X * 4
	dSrc := dInput[t.BlockIdx.Y*N:]
	dDst := dOutput[t.BlockIdx.Y*N:]

	lo := pos & (stride - 1)
	i0 := ((pos - lo) << 2) + lo
	i1 := i0 + stride
	i2 := i1 + stride
	i3 := i2 + stride

	D0 := dSrc[i0]
	D1 := dSrc[i1]
	D2 := dSrc[i2]
	D3 := dSrc[i3]

	var T float32
	T = D0
	D0 = D0 + D2
	D2 = T - D2
	T = D1
	D1 = D1 + D3
	D3 = T - D3
	T = D0
	dDst[i0] = D0 + D1
	dDst[i1] = T - D1
	T = D2
	dDst[i2] = D2 + D3
	dDst[i3] = T - D3
}

// ModulateKernel is modulateKernel of fastWalshTransform_kernel.cuh:
// d_A[i] *= d_B[i] / N, grid-stride.
//
//gocuda:kernel ModulateKernel
func modulateKernel(t *gocuda.Thread, dA, dB []float32, N int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	numThreads := t.BlockDim.X * t.GridDim.X
	rcpN := 1.0 / float32(N)

	for pos := tid; pos < N; pos += numThreads {
		dA[pos] *= dB[pos] * rcpN
	}
}

// dwtHaar1D.cu's constants.
const (
	invSqrt2    = 0.70710678118654752440
	logNumBanks = 4
	numBanks    = 16
)

// InitValueKernel is initValue of 5_Domain_Specific/dwtHaar1D/
// dwtHaar1D_kernel.cuh: od[i] = value, then a block barrier.
//
//gocuda:kernel InitValueKernel
func initValueKernel(t *gocuda.Thread, od []float32, value float32) {
	cta := cg.ThisThreadBlock(t)
	index := uint32((t.BlockIdx.X * t.BlockDim.X) + t.ThreadIdx.X)

	od[index] = value

	cta.Sync()
}

// DwtHaar1DKernel is dwtHaar1D of dwtHaar1D_kernel.cuh: block b
// decomposes its 2·bdim signal values dlevels levels deep in shared
// memory (padded against bank conflicts), the active half shrinking each
// level, the barrier outside the branch.
//
//gocuda:kernel DwtHaar1DKernel
func dwtHaar1DKernel(t *gocuda.Thread, id, od, approxFinal []float32, dlevels, slengthStepHalf uint32, bdim int) {
	cta := cg.ThisThreadBlock(t)
	shared := gocuda.DynamicShared[float32](t)

	gdim := t.GridDim.X
	bid := t.BlockIdx.X
	tid := t.ThreadIdx.X

	tidGlobal := (bid * bdim) + tid
	idata := uint32((bid * (2 * bdim)) + tid)

	shared[tid] = id[idata]
	shared[tid+bdim] = id[idata+uint32(bdim)]

	cta.Sync()

	data0 := shared[2*tid]
	data1 := shared[(2*tid)+1]

	cta.Sync()

	od[uint32(tidGlobal)+slengthStepHalf] = (data0 - data1) * invSqrt2

	atid := uint32(tid) + (uint32(tid) >> logNumBanks)

	shared[atid] = (data0 + data1) * invSqrt2

	cta.Sync()

	if dlevels > 1 {
		offsetNeighbor := uint32(1)
		numThreads := uint32(bdim >> 1)
		idata0 := uint32(tid * 2)

		for i := uint32(1); i < dlevels; i++ {
			if uint32(tid) < numThreads {
				idata1 := idata0 + offsetNeighbor

				gWpos := (numThreads * uint32(gdim)) + (uint32(bid) * numThreads) + uint32(tid)

				cIdata0 := idata0 + (idata0 >> logNumBanks)
				cIdata1 := idata1 + (idata1 >> logNumBanks)

				od[gWpos] = (shared[cIdata0] - shared[cIdata1]) * invSqrt2

				shared[cIdata0] = (shared[cIdata0] + shared[cIdata1]) * invSqrt2

				numThreads = numThreads >> 1
				offsetNeighbor <<= 1
				idata0 = idata0 << 1
			}

			cta.Sync()
		}

		if 0 == tid {
			approxFinal[bid] = shared[0]
		}
	}
}

// float2 is CUDA's float2.
type float2 struct{ x, y float32 }

// cndGPU is cndGPU of 5_Domain_Specific/BlackScholes/
// BlackScholes_kernel.cuh: the polynomial approximation of the cumulative
// normal distribution.
func cndGPU(d float32) float32 {
	const A1 = 0.31938153
	const A2 = -0.356563782
	const A3 = 1.781477937
	const A4 = -1.821255978
	const A5 = 1.330274429
	const RSQRT2PI = 0.39894228040143267793994605993438

	K := 1.0 / (1.0 + 0.2316419*fabsf(d))

	cnd := RSQRT2PI * expf(-0.5*d*d) * (K * (A1 + K*(A2+K*(A3+K*(A4+K*A5)))))

	if d > 0 {
		cnd = 1.0 - cnd
	}

	return cnd
}

// blackScholesBodyGPU is BlackScholesBodyGPU of BlackScholes_kernel.cuh:
// one option's call and put prices, into its reference parameters.
func blackScholesBodyGPU(CallResult, PutResult *float32, S, X, T, R, V float32) {
	var sqrtT, expRT float32
	var d1, d2, CNDD1, CNDD2 float32

	sqrtT = 1.0 / rsqrtf(T)
	d1 = (logf(S/X) + (R+0.5*V*V)*T) / (V * sqrtT)
	d2 = d1 - V*sqrtT

	CNDD1 = cndGPU(d1)
	CNDD2 = cndGPU(d2)

	expRT = expf(-R * T)
	*CallResult = S*CNDD1 - X*expRT*CNDD2
	*PutResult = X*expRT*(1.0-CNDD2) - S*(1.0-CNDD1)
}

// BlackScholesKernel is BlackScholesGPU of BlackScholes_kernel.cuh: two
// options a thread, read and written as float2.
//
//gocuda:kernel BlackScholesKernel
func blackScholesKernel(t *gocuda.Thread, dCallResult, dPutResult, dStockPrice, dOptionStrike, dOptionYears []float2, Riskfree, Volatility float32, optN int) {
	opt := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	if opt < (optN / 2) {
		var callResult1, callResult2 float32
		var putResult1, putResult2 float32
		blackScholesBodyGPU(&callResult1, &putResult1, dStockPrice[opt].x, dOptionStrike[opt].x, dOptionYears[opt].x, Riskfree, Volatility)
		blackScholesBodyGPU(&callResult2, &putResult2, dStockPrice[opt].y, dOptionStrike[opt].y, dOptionYears[opt].y, Riskfree, Volatility)
		dCallResult[opt] = float2{callResult1, callResult2}
		dPutResult[opt] = float2{putResult1, putResult2}
	}
}

// binomialOptions' constants (binomialOptions_common.h, _kernel.cu).
const (
	binomialNumSteps        = 2048
	binomialThreadblockSize = 128
	binomialElemsPerThread  = binomialNumSteps / binomialThreadblockSize
)

// TOptionData is __TOptionData of binomialOptions_kernel.cu.
type TOptionData struct {
	S, X, vDt, puByDf, pdByDf float32
}

// expiryCallValue is the float expiryCallValue of
// binomialOptions_kernel.cu.
func expiryCallValue(S, X, vDt float32, i int) float32 {
	d := S*expf(vDt*(2.0*float32(i)-binomialNumSteps)) - X
	if d > 0.0 {
		return d
	}
	return 0.0
}

// BinomialOptionsKernel is binomialOptionsKernel of 5_Domain_Specific/
// binomialOptions/binomialOptions_kernel.cu: one block an option, each
// thread 16 nodes of the tree in registers, neighbours exchanged through
// shared memory between two barriers at each of the 2048 steps.
// d_OptionData (__constant__) and d_CallValue (__device__) are
// arguments.
//
//gocuda:kernel BinomialOptionsKernel
func binomialOptionsKernel(t *gocuda.Thread, dOptionData []TOptionData, dCallValue []float32) {
	cta := cg.ThisThreadBlock(t)
	callExchange := gocuda.Shared[float32](t, binomialThreadblockSize+1)

	tid := t.ThreadIdx.X
	S := dOptionData[t.BlockIdx.X].S
	X := dOptionData[t.BlockIdx.X].X
	vDt := dOptionData[t.BlockIdx.X].vDt
	puByDf := dOptionData[t.BlockIdx.X].puByDf
	pdByDf := dOptionData[t.BlockIdx.X].pdByDf

	var call [binomialElemsPerThread + 1]float32
	for i := 0; i < binomialElemsPerThread; i++ {
		call[i] = expiryCallValue(S, X, vDt, tid*binomialElemsPerThread+i)
	}

	if tid == 0 {
		callExchange[binomialThreadblockSize] = expiryCallValue(S, X, vDt, binomialNumSteps)
	}

	finalIt := max(0, tid*binomialElemsPerThread-1)

	for i := binomialNumSteps; i > 0; i-- {
		callExchange[tid] = call[0]
		cta.Sync()
		call[binomialElemsPerThread] = callExchange[tid+1]
		cta.Sync()

		if i > finalIt {
			for j := 0; j < binomialElemsPerThread; j++ {
				call[j] = puByDf*call[j+1] + pdByDf*call[j]
			}
		}
	}

	if tid == 0 {
		dCallValue[t.BlockIdx.X] = call[0]
	}
}

// FDTD3d's constants (FDTD3dGPUKernel.cuh's RADIUS, FDTD3dGPU.h's block
// limits).
const (
	fdtdRadius        = 4
	fdtdBlockDimX     = 32
	fdtdBlockDimMaxY  = 16
	fdtdTileRowLength = fdtdBlockDimX + 2*fdtdRadius
)

// FiniteDifferencesKernel is FiniteDifferencesKernel of
// 5_Domain_Specific/FDTD3d/inc/FDTD3dGPUKernel.cuh: an 8th-order 3D
// stencil, each thread marching along z with its column's values in
// register queues (infront, behind) and the xy-plane in a shared tile
// with halos. stencil (__constant__) is an argument.
//
//gocuda:kernel FiniteDifferencesKernel
func finiteDifferencesKernel(t *gocuda.Thread, output, input []float32, dimx, dimy, dimz int, stencil []float32) {
	validr := true
	validw := true
	gtidx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	gtidy := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	ltidx := t.ThreadIdx.X
	ltidy := t.ThreadIdx.Y
	workx := t.BlockDim.X
	worky := t.BlockDim.Y
	cta := cg.ThisThreadBlock(t)
	tile := gocuda.Shared[[fdtdTileRowLength]float32](t, fdtdBlockDimMaxY+2*fdtdRadius)

	strideY := dimx + 2*fdtdRadius
	strideZ := strideY * (dimy + 2*fdtdRadius)

	inputIndex := 0
	outputIndex := 0

	inputIndex += fdtdRadius*strideY + fdtdRadius

	inputIndex += gtidy*strideY + gtidx

	var infront [fdtdRadius]float32
	var behind [fdtdRadius]float32
	var current float32

	tx := ltidx + fdtdRadius
	ty := ltidy + fdtdRadius

	if (gtidx >= dimx+fdtdRadius) || (gtidy >= dimy+fdtdRadius) {
		validr = false
	}

	if (gtidx >= dimx) || (gtidy >= dimy) {
		validw = false
	}

	for i := fdtdRadius - 2; i >= 0; i-- {
		if validr {
			behind[i] = input[inputIndex]
		}

		inputIndex += strideZ
	}

	if validr {
		current = input[inputIndex]
	}

	outputIndex = inputIndex
	inputIndex += strideZ

	for i := 0; i < fdtdRadius; i++ {
		if validr {
			infront[i] = input[inputIndex]
		}

		inputIndex += strideZ
	}

	for iz := 0; iz < dimz; iz++ {
		for i := fdtdRadius - 1; i > 0; i-- {
			behind[i] = behind[i-1]
		}

		behind[0] = current
		current = infront[0]
		for i := 0; i < fdtdRadius-1; i++ {
			infront[i] = infront[i+1]
		}

		if validr {
			infront[fdtdRadius-1] = input[inputIndex]
		}

		inputIndex += strideZ
		outputIndex += strideZ
		cta.Sync()

		if ltidy < fdtdRadius {
			tile[ltidy][tx] = input[outputIndex-fdtdRadius*strideY]
			tile[ltidy+worky+fdtdRadius][tx] = input[outputIndex+worky*strideY]
		}

		if ltidx < fdtdRadius {
			tile[ty][ltidx] = input[outputIndex-fdtdRadius]
			tile[ty][ltidx+workx+fdtdRadius] = input[outputIndex+workx]
		}

		tile[ty][tx] = current
		cta.Sync()

		value := stencil[0] * current
		for i := 1; i <= fdtdRadius; i++ {
			value += stencil[i] * (infront[i-1] + behind[i-1] + tile[ty-i][tx] + tile[ty+i][tx] + tile[ty][tx-i] + tile[ty][tx+i])
		}

		if validw {
			output[outputIndex] = value
		}
	}
}
