package teaching

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds kernels of ggml's CUDA backend (ggml-org/llama.cpp,
// ggml/src/ggml-cuda at 0129866): norm.cu's norm_f32, group_norm_f32,
// rms_norm_back_f32 and l2_norm_f32, and argmax.cu's argmax_f32 (at
// 02838c7), with common.cuh's warp_reduce_sum. A template parameter
// block_size is a kernel argument, and if constexpr a plain if.

// ggmlWarpSize is common.cuh's WARP_SIZE.
const ggmlWarpSize = 32

// float2 is CUDA's float2 vector type.
type float2 struct{ X, Y float32 }

// warpReduceSum is common.cuh's warp_reduce_sum<WARP_SIZE>(float).
func warpReduceSum(t *gocuda.Thread, x float32) float32 {
	for offset := ggmlWarpSize / 2; offset > 0; offset >>= 1 {
		x += gocuda.ShflXorSync(t, 0xffffffff, x, offset, ggmlWarpSize)
	}
	return x
}

// warpReduceSum2 is common.cuh's warp_reduce_sum<WARP_SIZE>(float2).
func warpReduceSum2(t *gocuda.Thread, a float2) float2 {
	for offset := ggmlWarpSize / 2; offset > 0; offset >>= 1 {
		a.X += gocuda.ShflXorSync(t, 0xffffffff, a.X, offset, ggmlWarpSize)
		a.Y += gocuda.ShflXorSync(t, 0xffffffff, a.Y, offset, ggmlWarpSize)
	}
	return a
}

// NormF32Kernel is norm_f32<block_size> of norm.cu: layer normalization
// (no affine) of one row per block, the grid spanning rows, channels and
// samples of a strided x; block_size is 32 or 1024.
//
//gocuda:kernel NormF32Kernel
func normF32Kernel(t *gocuda.Thread, x []float32, dst []float32, ncols int, strideRow, strideChannel, strideSample int64, eps float32, blockSize int) {
	nrows := t.GridDim.X
	nchannels := t.GridDim.Y

	row := t.BlockIdx.X
	channel := t.BlockIdx.Y
	sample := t.BlockIdx.Z
	tid := t.ThreadIdx.X

	x = x[int64(sample)*strideSample+int64(channel)*strideChannel+int64(row)*strideRow:]
	dst = dst[((sample*nchannels+channel)*nrows+row)*ncols:]

	meanVar := float2{0.0, 0.0}

	for col := tid; col < ncols; col += blockSize {
		xi := x[col]
		meanVar.X += xi
		meanVar.Y += xi * xi
	}

	meanVar = warpReduceSum2(t, meanVar)
	if blockSize > ggmlWarpSize {
		sSum := gocuda.Shared[float2](t, 32)
		warpID := t.ThreadIdx.X / ggmlWarpSize
		laneID := t.ThreadIdx.X % ggmlWarpSize
		if laneID == 0 {
			sSum[warpID] = meanVar
		}
		t.SyncThreads()
		meanVar = sSum[laneID]
		meanVar = warpReduceSum2(t, meanVar)
	}

	mean := meanVar.X / float32(ncols)
	variance := meanVar.Y/float32(ncols) - mean*mean
	invStd := intrinsic.Rsqrtf(variance + eps)

	for col := tid; col < ncols; col += blockSize {
		dst[col] = (x[col] - mean) * invStd
	}
}

// GroupNormF32Kernel is group_norm_f32<block_size> of norm.cu: block b
// normalizes group b, group_size elements of x (the last group cut at
// ne_elements).
//
//gocuda:kernel GroupNormF32Kernel
func groupNormF32Kernel(t *gocuda.Thread, x []float32, dst []float32, groupSize int, neElements int, eps float32, blockSize int) {
	start := t.BlockIdx.X*groupSize + t.ThreadIdx.X
	end := min(t.BlockIdx.X*groupSize+groupSize, neElements)

	tmp := float32(0.0)

	for j := start; j < end; j += blockSize {
		tmp += x[j]
	}

	tmp = warpReduceSum(t, tmp)
	if blockSize > ggmlWarpSize {
		sSum := gocuda.Shared[float32](t, 32)
		warpID := t.ThreadIdx.X / ggmlWarpSize
		laneID := t.ThreadIdx.X % ggmlWarpSize
		if laneID == 0 {
			sSum[warpID] = tmp
		}
		t.SyncThreads()
		tmp = sSum[laneID]
		tmp = warpReduceSum(t, tmp)
	}

	mean := tmp / float32(groupSize)
	tmp = 0.0

	for j := start; j < end; j += blockSize {
		xi := x[j] - mean
		dst[j] = xi
		tmp += xi * xi
	}

	tmp = warpReduceSum(t, tmp)
	if blockSize > ggmlWarpSize {
		sSum := gocuda.Shared[float32](t, 32)
		warpID := t.ThreadIdx.X / ggmlWarpSize
		laneID := t.ThreadIdx.X % ggmlWarpSize
		if laneID == 0 {
			sSum[warpID] = tmp
		}
		t.SyncThreads()
		tmp = sSum[laneID]
		tmp = warpReduceSum(t, tmp)
	}

	variance := tmp / float32(groupSize)
	scale := intrinsic.Rsqrtf(variance + eps)
	for j := start; j < end; j += blockSize {
		dst[j] *= scale
	}
}

// RmsNormBackF32Kernel is rms_norm_back_f32<block_size> of norm.cu: the
// gradient of RMS normalization for row blockIdx.x*blockDim.y+threadIdx.y.
//
//gocuda:kernel RmsNormBackF32Kernel
func rmsNormBackF32Kernel(t *gocuda.Thread, grad []float32, xf []float32, dst []float32, ncols int, eps float32, blockSize int) {
	row := t.BlockIdx.X*t.BlockDim.Y + t.ThreadIdx.Y
	tid := t.ThreadIdx.X

	grad = grad[int64(row)*int64(ncols):]
	xf = xf[int64(row)*int64(ncols):]
	dst = dst[int64(row)*int64(ncols):]

	sumXX := float32(0.0)
	sumXG := float32(0.0)

	for col := tid; col < ncols; col += blockSize {
		xfi := xf[col]
		sumXX += xfi * xfi
		sumXG += xfi * grad[col]
	}

	sumXX = warpReduceSum(t, sumXX)
	sumXG = warpReduceSum(t, sumXG)
	if blockSize > ggmlWarpSize {
		sSumXX := gocuda.Shared[float32](t, 32)
		sSumXG := gocuda.Shared[float32](t, 32)
		warpID := t.ThreadIdx.X / ggmlWarpSize
		laneID := t.ThreadIdx.X % ggmlWarpSize
		if laneID == 0 {
			sSumXX[warpID] = sumXX
			sSumXG[warpID] = sumXG
		}
		t.SyncThreads()

		sumXX = sSumXX[laneID]
		sumXX = warpReduceSum(t, sumXX)

		sumXG = sSumXG[laneID]
		sumXG = warpReduceSum(t, sumXG)
	}

	meanEps := sumXX/float32(ncols) + eps
	sumEps := sumXX + float32(ncols)*eps

	scaleGrad := intrinsic.Rsqrtf(meanEps)
	scaleX := -scaleGrad * sumXG / sumEps

	for col := tid; col < ncols; col += blockSize {
		dst[col] = scaleGrad*grad[col] + scaleX*xf[col]
	}
}

// L2NormF32Kernel is l2_norm_f32<block_size> of norm.cu: each row divided
// by its Euclidean norm (at least eps).
//
//gocuda:kernel L2NormF32Kernel
func l2NormF32Kernel(t *gocuda.Thread, x []float32, dst []float32, ncols int, strideRow, strideChannel, strideSample int64, eps float32, blockSize int) {
	nrows := t.GridDim.X
	nchannels := t.GridDim.Y

	row := t.BlockIdx.X
	channel := t.BlockIdx.Y
	sample := t.BlockIdx.Z
	tid := t.ThreadIdx.X

	x = x[int64(sample)*strideSample+int64(channel)*strideChannel+int64(row)*strideRow:]
	dst = dst[((sample*nchannels+channel)*nrows+row)*ncols:]

	tmp := float32(0.0)

	for col := tid; col < ncols; col += blockSize {
		xi := x[col]
		tmp += xi * xi
	}

	tmp = warpReduceSum(t, tmp)
	if blockSize > ggmlWarpSize {
		sSum := gocuda.Shared[float32](t, 32)
		warpID := t.ThreadIdx.X / ggmlWarpSize
		laneID := t.ThreadIdx.X % ggmlWarpSize
		if laneID == 0 {
			sSum[warpID] = tmp
		}
		t.SyncThreads()
		tmp = sSum[laneID]
		tmp = warpReduceSum(t, tmp)
	}

	scale := intrinsic.Rsqrtf(fmaxf(tmp, eps*eps))

	for col := tid; col < ncols; col += blockSize {
		dst[col] = scale * x[col]
	}
}

// fmaxf is CUDA's fmaxf.
func fmaxf(x, y float32) float32 { return float32(math.Max(float64(x), float64(y))) }

// fltMax is FLT_MAX.
const fltMax = math.MaxFloat32

// ArgmaxF32Kernel is argmax_f32 of argmax.cu: dst[row] is the index of the
// largest element of row blockIdx.x of x (the first on ties), by a
// grid-stride scan, a warp butterfly and a second one over the warps'
// results.
//
//gocuda:kernel ArgmaxF32Kernel
func argmaxF32Kernel(t *gocuda.Thread, x []float32, dst []int32, ncols int64) {
	row := int64(t.BlockIdx.X)

	maxval := float32(-fltMax)
	argmax := -1
	rowx := x[row*ncols:]

	for col := int32(t.ThreadIdx.X); int64(col) < ncols; col += int32(t.BlockDim.X) {
		val := rowx[col]
		if val > maxval {
			maxval = val
			argmax = int(col)
		}
	}

	for offset := ggmlWarpSize / 2; offset > 0; offset >>= 1 {
		val := gocuda.ShflXorSync(t, 0xFFFFFFFF, maxval, offset, ggmlWarpSize)
		col := gocuda.ShflXorSync(t, 0xFFFFFFFF, argmax, offset, ggmlWarpSize)
		if val > maxval {
			maxval = val
			argmax = col
		} else if val == maxval && col < argmax {
			argmax = col
		}
	}

	nWarps := t.BlockDim.X / ggmlWarpSize
	laneID := t.ThreadIdx.X % ggmlWarpSize
	warpID := t.ThreadIdx.X / ggmlWarpSize
	if nWarps > 1 {
		const maxWarps = 1024 / ggmlWarpSize
		sharedMaxval := gocuda.Shared[float32](t, maxWarps)
		sharedArgmax := gocuda.Shared[int](t, maxWarps)
		if laneID == 0 {
			sharedMaxval[warpID] = maxval
			sharedArgmax[warpID] = argmax
		}

		t.SyncThreads()

		if warpID == 0 {
			if laneID < nWarps {
				maxval = sharedMaxval[laneID]
				argmax = sharedArgmax[laneID]
			}
			for offset := ggmlWarpSize / 2; offset > 0; offset >>= 1 {
				val := gocuda.ShflXorSync(t, 0xFFFFFFFF, maxval, offset, ggmlWarpSize)
				col := gocuda.ShflXorSync(t, 0xFFFFFFFF, argmax, offset, ggmlWarpSize)
				if val > maxval {
					maxval = val
					argmax = col
				} else if val == maxval && col < argmax {
					argmax = col
				}
			}
		}
	}

	if warpID == 0 && laneID == 0 {
		dst[row] = int32(argmax)
	}
}
