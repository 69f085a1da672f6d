package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's addBiasResidualLayerNorm benchmark
// (zjin-lcf/HeCBench at f27000a, src/addBiasResidualLayerNorm-cuda/
// kernels.h, after NVIDIA FasterTransformer), instantiated for T = float
// (T2 = float2): out = LayerNorm(out + input + bias)·gamma + beta, a row a
// block, the mean and the variance summed by blockReduceSum (a butterfly
// of __shfl_xor_sync in each warp, the warps' sums through a static
// __shared__ array of 32, a second butterfly).

// warpReduceSum is kernels.h's warpReduceSum<float>.
func warpReduceSum(t *gocuda.Thread, val float32) float32 {
	for mask := 16; mask > 0; mask >>= 1 {
		val = val + gocuda.ShflXorSync(t, 0xFFFFFFFF, val, mask, 32)
	}
	return val
}

// blockReduceSum is kernels.h's blockReduceSum<float>: the sum over the
// block, in every thread of the first warp.
func blockReduceSum(t *gocuda.Thread, val float32) float32 {
	shared := gocuda.Shared[float32](t, 32)
	lane := t.ThreadIdx.X & 0x1f
	wid := t.ThreadIdx.X >> 5

	val = warpReduceSum(t, val)

	if lane == 0 {
		shared[wid] = val
	}

	t.SyncThreads()

	if t.ThreadIdx.X < t.BlockDim.X/32 {
		val = shared[lane]
	} else {
		val = float32(0.0)
	}
	val = warpReduceSum(t, val)

	return val
}

// AddBiasResidualPostLayerNormV2Kernel is addBiasResidualPostLayerNormV2<
// float> of kernels.h: blocks of n/8 threads, each thread four float2s of
// its row (ite = 4), kept in a local array between the passes.
//
//gocuda:kernel AddBiasResidualPostLayerNormV2Kernel
func addBiasResidualPostLayerNormV2Kernel(t *gocuda.Thread, out, input, bias, gamma, beta []float32, layernormEps float32, n int) {
	sMean := gocuda.Shared[float32](t, 1)
	sVariance := gocuda.Shared[float32](t, 1)

	const ite = 4
	tid := t.ThreadIdx.X
	bid := t.BlockIdx.X
	mean := float32(0.0)
	variance := float32(0.0)
	var localOutHalf2 [ite]Float2

	outPtr := asFloat2(out)
	inputPtr := asFloat2(input)
	biasPtr := asFloat2(bias)
	gammaPtr := asFloat2(gamma)
	betaPtr := asFloat2(beta)

	sum := Float2{0.0, 0.0}

	for i := 0; i < ite; i++ {
		colID := i*t.BlockDim.X + tid
		id := bid*n/2 + colID
		localOutHalf2[i] = add3F2(outPtr[id], inputPtr[id], biasPtr[colID])
		sum = addF2(sum, localOutHalf2[i])
	}

	mean = blockReduceSum(t, sum.X+sum.Y)
	if t.ThreadIdx.X == 0 {
		sMean[0] = mean / float32(n)
	}
	t.SyncThreads()

	v := float32(0.0)
	sMean2 := Float2{sMean[0], sMean[0]}

	for i := 0; i < ite; i++ {
		localOutHalf2[i] = subF2(localOutHalf2[i], sMean2)
		v1 := localOutHalf2[i].X
		v2 := localOutHalf2[i].Y
		v += v1*v1 + v2*v2
	}

	variance = blockReduceSum(t, v)
	if tid == 0 {
		sVariance[0] = rsqrtf(variance/float32(n) + layernormEps)
	}
	t.SyncThreads()

	sVar2 := Float2{sVariance[0], sVariance[0]}
	for i := 0; i < ite; i++ {
		colID := i*t.BlockDim.X + tid
		id := bid*n/2 + colID
		outPtr[id] = fmaF2(localOutHalf2[i], sVar2, gammaPtr[colID], betaPtr[colID])
	}
}

// addF2, add3F2, subF2 and fmaF2 are kernels.h's add, sub and fma
// specialised for float2.
func addF2(a, b Float2) Float2 { return Float2{a.X + b.X, a.Y + b.Y} }

func add3F2(a, b, c Float2) Float2 { return addF2(addF2(a, b), c) }

func subF2(a, b Float2) Float2 { return Float2{a.X - b.X, a.Y - b.Y} }

func fmaF2(a, b, c, d Float2) Float2 {
	return Float2{a.X*b.X*c.X + d.X, a.Y*b.Y*c.Y + d.Y}
}

// AddBiasResidualPostLayerNormKernel is addBiasResidualPostLayerNorm<float,
// N> of kernels.h, for rows of at most two trips of the block: the
// template's N is the argument nTrips (1 or 2, as the host dispatches),
// local_out_cache an array of the larger instantiation's size.
//
//gocuda:kernel AddBiasResidualPostLayerNormKernel
func addBiasResidualPostLayerNormKernel(t *gocuda.Thread, out, input, bias, gamma, beta []float32, layernormEps float32, n, nTrips int) {
	sMean := gocuda.Shared[float32](t, 1)
	sVariance := gocuda.Shared[float32](t, 1)
	mean := float32(0.0)
	variance := float32(0.0)
	var localOutCache [2]float32

	for idx, i := t.ThreadIdx.X, 0; idx < n && i < nTrips; i++ {
		localOut := out[t.BlockIdx.X*n+idx] + input[t.BlockIdx.X*n+idx] + bias[idx]
		mean += localOut
		// save local_out to local_out_cache to save some recompute
		localOutCache[i] = localOut
		idx += t.BlockDim.X
	}

	mean = blockReduceSum(t, mean)
	if t.ThreadIdx.X == 0 {
		sMean[0] = mean / float32(n)
	}
	t.SyncThreads()

	for idx, i := t.ThreadIdx.X, 0; idx < n && i < nTrips; i++ {
		localOut := localOutCache[i]
		variance += (localOut - sMean[0]) * (localOut - sMean[0])
		idx += t.BlockDim.X
	}
	variance = blockReduceSum(t, variance)
	if t.ThreadIdx.X == 0 {
		sVariance[0] = variance/float32(n) + layernormEps
	}
	t.SyncThreads()

	for idx, i := t.ThreadIdx.X, 0; idx < n && i < nTrips; i++ {
		localOut := localOutCache[i]
		out[t.BlockIdx.X*n+idx] = ((localOut-sMean[0])*rsqrtf(sVariance[0]))*gamma[idx] + beta[idx]
		idx += t.BlockDim.X
	}
}

// GeneralAddBiasResidualPostLayerNormKernel is
// generalAddBiasResidualPostLayerNorm<float> of kernels.h: a block-stride
// loop over the row's float2s, the sum saved in out between the passes.
//
//gocuda:kernel GeneralAddBiasResidualPostLayerNormKernel
func generalAddBiasResidualPostLayerNormKernel(t *gocuda.Thread, out, input, bias, gamma, beta []float32, layernormEps float32, n int) {
	sMean := gocuda.Shared[float32](t, 1)
	sVariance := gocuda.Shared[float32](t, 1)
	mean := float32(0.0)
	variance := float32(0.0)

	outPtr := asFloat2(out)
	inputPtr := asFloat2(input)
	biasPtr := asFloat2(bias)
	gammaPtr := asFloat2(gamma)
	betaPtr := asFloat2(beta)

	localOut := float32(0.0)
	for idx := t.ThreadIdx.X; idx < n/2; idx += t.BlockDim.X {
		id := t.BlockIdx.X*n/2 + idx
		tmp := addF2(addF2(outPtr[id], inputPtr[id]), biasPtr[idx])
		localOutFp2 := tmp
		localOut += localOutFp2.X
		localOut += localOutFp2.Y
		// save tmp to out_ptr to save some recomputation
		outPtr[id] = tmp
	}

	mean = blockReduceSum(t, localOut)
	if t.ThreadIdx.X == 0 {
		sMean[0] = mean / float32(n)
	}
	t.SyncThreads()

	for idx := t.ThreadIdx.X; idx < n/2; idx += t.BlockDim.X {
		id := t.BlockIdx.X*n/2 + idx
		localOutFp2 := outPtr[id]
		variance += (localOutFp2.X - sMean[0]) * (localOutFp2.X - sMean[0])
		variance += (localOutFp2.Y - sMean[0]) * (localOutFp2.Y - sMean[0])
	}

	variance = blockReduceSum(t, variance)
	if t.ThreadIdx.X == 0 {
		sVariance[0] = rsqrtf(variance/float32(n) + layernormEps)
	}
	t.SyncThreads()

	for idx := t.ThreadIdx.X; idx < n/2; idx += t.BlockDim.X {
		id := t.BlockIdx.X*n/2 + idx
		localOutFp2 := outPtr[id]
		gammaVal := gammaPtr[idx]
		betaVal := betaPtr[idx]
		localOutFp2.X = (localOutFp2.X-sMean[0])*sVariance[0]*gammaVal.X + betaVal.X
		localOutFp2.Y = (localOutFp2.Y-sMean[0])*sVariance[0]*gammaVal.Y + betaVal.Y
		outPtr[id] = localOutFp2
	}
}
