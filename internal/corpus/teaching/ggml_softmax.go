package teaching

import (
	"math"
	"unsafe"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds ggml's softmax kernels (ggml-org/llama.cpp,
// ggml/src/ggml-cuda/softmax.cu at 07003f1): soft_max_f32, one row a
// block with optional ALiBi mask and attention sinks, whose column loops
// break (and the last returns) at the row's end when the row length is not
// a template constant; soft_max_f32_parallelize_cols, a cooperative
// kernel that spreads each row over the whole grid with two grid-wide
// barriers a row (in soft_max_f32_parallelize_cols_single_row, a helper
// called in a loop over the rows); and soft_max_back_f32. The template
// parameters use_shared, ncols_template and block_size_template are kernel
// arguments, the mask's type a type parameter; the mask and sinks
// pointers may be nil.

// softMaxParams is softmax.cu's soft_max_params.
type softMaxParams struct {
	nheads    int64
	nHeadLog2 uint32
	ncols     int64
	nrowsX    int64
	nrowsY    int64
	ne00      int64
	ne01      int64
	ne02      int64
	ne03      int64
	nb11      int64
	nb12      int64
	nb13      int64
	ne12      int64
	ne13      int64
	scale     float32
	maxBias   float32
	m0        float32
	m1        float32
}

// powf is CUDA's powf, computed in float64 and rounded once.
func powf(x, y float32) float32 { return float32(math.Pow(float64(x), float64(y))) }

// getAlibiSlope is common.cuh's get_alibi_slope: head h's ALiBi slope, or
// 1 without a bias.
func getAlibiSlope(maxBias float32, h uint32, nHeadLog2 uint32, m0, m1 float32) float32 {
	if maxBias <= 0.0 {
		return 1.0
	}
	base := m1
	if h < nHeadLog2 {
		base = m0
	}
	exph := 2*(int(h)-int(nHeadLog2)) + 1
	if h < nHeadLog2 {
		exph = int(h) + 1
	}

	return powf(base, float32(exph))
}

// SoftMaxF32Kernel is soft_max_f32<use_shared, ncols_template,
// block_size_template, T>: row blockIdx.x + blockIdx.y*gridDim.x +
// blockIdx.z*gridDim.x*gridDim.y of x, scaled and masked, through softmax
// into dst; the row is cached in dynamic shared memory after WARP_SIZE
// floats of inter-warp buffer when useShared, in dst otherwise.
//
//gocuda:kernel SoftMaxF32Kernel
func softMaxF32[T float32 | float64](t *gocuda.Thread, x []float32, mask []T, sinks []float32, dst []float32, p softMaxParams, useShared bool, ncolsTemplate int, blockSizeTemplate int) {
	ncols := ncolsTemplate
	if ncolsTemplate == 0 {
		ncols = int(p.ncols)
	}

	tid := t.ThreadIdx.X

	i03 := int64(t.BlockIdx.Z)
	i02 := int64(t.BlockIdx.Y)
	i01 := int64(t.BlockIdx.X)

	rowx := t.BlockIdx.X + t.BlockIdx.Y*t.GridDim.X + t.BlockIdx.Z*t.GridDim.X*t.GridDim.Y

	i11 := i01
	i12 := i02 % p.ne12
	i13 := i03 % p.ne13

	x = x[int64(rowx)*int64(ncols):]
	var sizeofT T
	mask = mask[(i11*p.nb11+i12*p.nb12+i13*p.nb13)/int64(unsafe.Sizeof(sizeofT))*int64(b2i(mask != nil)):]
	dst = dst[int64(rowx)*int64(ncols):]

	blockSize := blockSizeTemplate
	if blockSizeTemplate == 0 {
		blockSize = t.BlockDim.X
	}

	warpID := t.ThreadIdx.X / ggmlWarpSize
	laneID := t.ThreadIdx.X % ggmlWarpSize

	slope := getAlibiSlope(p.maxBias, uint32(i02), p.nHeadLog2, p.m0, p.m1)

	dataSoftMaxF32 := gocuda.DynamicShared[float32](t)
	bufIw := dataSoftMaxF32
	vals := dst
	if useShared {
		vals = bufIw[ggmlWarpSize:]
	}

	maxVal := float32(math.Inf(-1))
	if sinks != nil {
		maxVal = sinks[i02]
	}

	for col0 := 0; col0 < ncols; col0 += blockSize {
		col := col0 + tid

		if ncolsTemplate == 0 && col >= ncols {
			break
		}

		m := float32(0.0)
		if mask != nil {
			m = slope * float32(mask[col])
		}
		val := x[col]*p.scale + m

		vals[col] = val
		maxVal = max(maxVal, val)
	}

	maxVal = warpReduceMax(t, maxVal)
	if blockSize > ggmlWarpSize {
		if warpID == 0 {
			bufIw[laneID] = float32(math.Inf(-1))
		}
		t.SyncThreads()

		if laneID == 0 {
			bufIw[warpID] = maxVal
		}
		t.SyncThreads()

		maxVal = bufIw[laneID]
		maxVal = warpReduceMax(t, maxVal)
	}

	tmp := float32(0.0)

	for col0 := 0; col0 < ncols; col0 += blockSize {
		col := col0 + tid

		if ncolsTemplate == 0 && col >= ncols {
			break
		}

		val := expf(vals[col] - maxVal)
		tmp += val
		vals[col] = val
	}

	tmp = warpReduceSum(t, tmp)
	if blockSize > ggmlWarpSize {
		t.SyncThreads()
		if warpID == 0 {
			bufIw[laneID] = 0.0
		}
		t.SyncThreads()

		if laneID == 0 {
			bufIw[warpID] = tmp
		}
		t.SyncThreads()

		tmp = bufIw[laneID]
		tmp = warpReduceSum(t, tmp)
	}

	if sinks != nil {
		tmp += expf(sinks[i02] - maxVal)
	}

	invSum := 1.0 / tmp

	for col0 := 0; col0 < ncols; col0 += blockSize {
		col := col0 + tid

		if ncolsTemplate == 0 && col >= ncols {
			return
		}

		dst[col] = vals[col] * invSum
	}
}

// b2i is C's int value of a comparison.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// twoStageWarpReduceMax is softmax.cu's two_stage_warp_reduce_max: the
// block's maximum, through shared memory when the block is wider than a
// warp.
func twoStageWarpReduceMax(t *gocuda.Thread, val float32) float32 {
	val = warpReduceMax(t, val)
	if t.BlockDim.X > ggmlWarpSize {
		t.Assert((t.BlockDim.X <= 1024) && (t.BlockDim.X%ggmlWarpSize) == 0)
		localVals := gocuda.Shared[float32](t, 32)
		warpID := t.ThreadIdx.X / ggmlWarpSize
		laneID := t.ThreadIdx.X % ggmlWarpSize
		if laneID == 0 {
			localVals[warpID] = val
		}
		t.SyncThreads()
		val = float32(math.Inf(-1))
		if laneID < (t.BlockDim.X / ggmlWarpSize) {
			val = localVals[laneID]
		}
		return warpReduceMax(t, val)
	} else {
		return val
	}
}

// twoStageWarpReduceSum is softmax.cu's two_stage_warp_reduce_sum.
func twoStageWarpReduceSum(t *gocuda.Thread, val float32) float32 {
	val = warpReduceSum(t, val)
	if t.BlockDim.X > ggmlWarpSize {
		t.Assert((t.BlockDim.X <= 1024) && (t.BlockDim.X%ggmlWarpSize) == 0)
		localVals := gocuda.Shared[float32](t, 32)
		warpID := t.ThreadIdx.X / ggmlWarpSize
		laneID := t.ThreadIdx.X % ggmlWarpSize
		if laneID == 0 {
			localVals[warpID] = val
		}
		t.SyncThreads()
		val = 0.0
		if laneID < (t.BlockDim.X / ggmlWarpSize) {
			val = localVals[laneID]
		}
		return warpReduceSum(t, val)
	} else {
		return val
	}
}

// softMaxF32ParallelizeColsSingleRow is softmax.cu's
// soft_max_f32_parallelize_cols_single_row: one row's softmax over the
// whole grid, the blocks' maxima and sums exchanged through tmpVals
// between grid-wide barriers.
func softMaxF32ParallelizeColsSingleRow(t *gocuda.Thread, x []float32, dst []float32, tmpVals []float32, p softMaxParams) {
	g := cg.ThisGrid(t)

	tid := t.ThreadIdx.X
	colStart := t.BlockIdx.X*t.BlockDim.X + tid
	const nElemPerThread = 4

	localVals := [nElemPerThread]float32{float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))}
	localMax := float32(math.Inf(-1))
	stepSize := t.GridDim.X * t.BlockDim.X

	for col := colStart; int64(col) < p.ncols; {
		for i := 0; i < nElemPerThread; i++ {
			idx := col + i*stepSize
			if int64(idx) < p.ncols {
				localVals[i] = x[idx]
			} else {
				localVals[i] = float32(math.Inf(-1))
			}
		}
		for i := 0; i < nElemPerThread; i++ {
			localMax = fmaxf(localMax, localVals[i])
		}
		col += stepSize * nElemPerThread
	}

	localMax = twoStageWarpReduceMax(t, localMax)

	if tid == 0 {
		tmpVals[t.BlockIdx.X] = localMax
	}
	g.Sync()

	t.Assert(t.GridDim.X < t.BlockDim.X)
	if tid < t.GridDim.X {
		localMax = tmpVals[tid]
	} else {
		localMax = float32(math.Inf(-1))
	}
	localMax = twoStageWarpReduceMax(t, localMax)

	tmpExpf := float32(0.0)
	for col := colStart; int64(col) < p.ncols; {
		for i := 0; i < nElemPerThread; i++ {
			idx := col + i*stepSize
			if int64(idx) < p.ncols {
				localVals[i] = x[idx]
			} else {
				localVals[i] = float32(math.Inf(-1))
			}
		}
		for i := 0; i < nElemPerThread; i++ {
			idx := col + i*stepSize
			if int64(idx) < p.ncols {
				tmp := expf(localVals[i] - localMax)
				tmpExpf += tmp
				dst[idx] = tmp
			}
		}
		col += stepSize * nElemPerThread
	}

	tmpExpf = twoStageWarpReduceSum(t, tmpExpf)

	if tid == 0 {
		tmpVals[t.BlockIdx.X] = tmpExpf
	}
	g.Sync()

	if tid < t.GridDim.X {
		tmpExpf = tmpVals[tid]
	} else {
		tmpExpf = 0.0
	}
	tmpExpf = twoStageWarpReduceSum(t, tmpExpf)

	for col := colStart; int64(col) < p.ncols; {
		for i := 0; i < nElemPerThread; i++ {
			idx := col + i*stepSize
			if int64(idx) < p.ncols {
				localVals[i] = dst[idx]
			} else {
				localVals[i] = float32(math.Inf(-1))
			}
		}
		for i := 0; i < nElemPerThread; i++ {
			idx := col + i*stepSize
			if int64(idx) < p.ncols {
				dst[idx] = localVals[i] / tmpExpf
			}
		}
		col += stepSize * nElemPerThread
	}
}

// SoftMaxF32ParallelizeColsKernel is soft_max_f32_parallelize_cols, a
// cooperative kernel: every row in turn, spread over the whole grid.
// Launch it with LaunchCooperative, fewer blocks than threads a block.
//
//gocuda:kernel SoftMaxF32ParallelizeColsKernel
func softMaxF32ParallelizeColsKernel(t *gocuda.Thread, x []float32, dst []float32, tmpVals []float32, p softMaxParams) {
	for rowx := 0; int64(rowx) < p.ne01*p.ne02*p.ne03; rowx++ {
		softMaxF32ParallelizeColsSingleRow(t, x[int64(rowx)*p.ncols:], dst[int64(rowx)*p.ncols:], tmpVals,
			p)
	}
}

// SoftMaxBackF32Kernel is soft_max_back_f32: the softmax's gradient, one
// warp a row.
//
//gocuda:kernel SoftMaxBackF32Kernel
func softMaxBackF32Kernel(t *gocuda.Thread, grad []float32, dstf []float32, dst []float32, ncols int, scale float32) {
	tid := t.ThreadIdx.X
	rowx := t.BlockIdx.X

	grad = grad[int64(rowx)*int64(ncols):]
	dstf = dstf[int64(rowx)*int64(ncols):]
	dst = dst[int64(rowx)*int64(ncols):]

	dgfDot := float32(0.0)

	for col := tid; col < ncols; col += ggmlWarpSize {
		dgfDot += dstf[col] * grad[col]
	}

	dgfDot = warpReduceSum(t, dgfDot)

	for col := tid; col < ncols; col += ggmlWarpSize {
		dst[col] = scale * (grad[col] - dgfDot) * dstf[col]
	}
}
