package teaching

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds more kernels of ggml's CUDA backend (ggml-org/llama.cpp,
// ggml/src/ggml-cuda): cross-entropy-loss.cu's cross_entropy_loss_f32 and
// cross_entropy_loss_back_f32 (at 34a5017), one warp a row, with
// common.cuh's warp_reduce_max; and argsort.cu's bitonic k_argsort_f32_i32
// with its bitonic_step and ggml_cuda_swap (a swap through C++
// references, here pointers), init_indices and init_offsets (at 036b9f4).
// The template parameters use_shared and order are kernel arguments.

// The CUDA math library's expf and logf, computed in float64 and rounded
// once.
func expf(x float32) float32 { return float32(math.Exp(float64(x))) }
func logf(x float32) float32 { return float32(math.Log(float64(x))) }

// warpReduceMax is common.cuh's warp_reduce_max<WARP_SIZE>(float).
func warpReduceMax(t *gocuda.Thread, x float32) float32 {
	for offset := ggmlWarpSize / 2; offset > 0; offset >>= 1 {
		x = fmaxf(x, gocuda.ShflXorSync(t, 0xffffffff, x, offset, ggmlWarpSize))
	}
	return x
}

// CrossEntropyLossF32Kernel is cross_entropy_loss_f32<use_shared>: dst[b]
// is row b's part of the cross-entropy loss of softmax(logits) against
// labels, over k rows; one warp a row, the row cached in dynamic shared
// memory when useShared.
//
//gocuda:kernel CrossEntropyLossF32Kernel
func crossEntropyLossF32Kernel(t *gocuda.Thread, logits []float32, labels []float32, dst []float32, nclasses int, k int, useShared bool) {
	tmp := gocuda.DynamicShared[float32](t)

	logits = logits[int64(t.BlockIdx.X)*int64(nclasses):]
	labels = labels[int64(t.BlockIdx.X)*int64(nclasses):]

	maxLogit := float32(math.Inf(-1))
	for i := t.ThreadIdx.X; i < nclasses; i += ggmlWarpSize {
		val := logits[i]
		maxLogit = fmaxf(maxLogit, val)

		if useShared {
			tmp[i] = val
		}
	}
	maxLogit = warpReduceMax(t, maxLogit)

	sum := float32(0.0)
	for i := t.ThreadIdx.X; i < nclasses; i += ggmlWarpSize {
		logitI := logits[i]
		if useShared {
			logitI = tmp[i]
		}
		sum += expf(logitI - maxLogit)
	}
	sum = warpReduceSum(t, sum)
	sum = logf(sum)

	loss := float32(0.0)
	for i := t.ThreadIdx.X; i < nclasses; i += ggmlWarpSize {
		logitI := logits[i]
		if useShared {
			logitI = tmp[i]
		}
		loss += (logitI - maxLogit - sum) * labels[i]
	}
	loss = -warpReduceSum(t, loss) / float32(k)

	if t.ThreadIdx.X != 0 {
		return
	}

	dst[t.BlockIdx.X] = loss
}

// CrossEntropyLossBackF32Kernel is cross_entropy_loss_back_f32<use_shared>:
// the loss's gradient with respect to the logits, scaled by *grad over the
// rows.
//
//gocuda:kernel CrossEntropyLossBackF32Kernel
func crossEntropyLossBackF32Kernel(t *gocuda.Thread, grad []float32, logits []float32, labels []float32, dst []float32, nclasses int, useShared bool) {
	tmp := gocuda.DynamicShared[float32](t)

	logits = logits[int64(t.BlockIdx.X)*int64(nclasses):]
	labels = labels[int64(t.BlockIdx.X)*int64(nclasses):]
	dst = dst[int64(t.BlockIdx.X)*int64(nclasses):]

	maxval := float32(math.Inf(-1))
	for i := t.ThreadIdx.X; i < nclasses; i += ggmlWarpSize {
		val := logits[i]
		maxval = fmaxf(maxval, val)

		if useShared {
			tmp[i] = val
		}
	}
	maxval = warpReduceMax(t, maxval)

	sum := float32(0.0)
	for i := t.ThreadIdx.X; i < nclasses; i += ggmlWarpSize {
		in := logits[i]
		if useShared {
			in = tmp[i]
		}
		val := expf(in - maxval)
		sum += val

		if useShared {
			tmp[i] = val
		} else {
			dst[i] = val
		}
	}
	sum = warpReduceSum(t, sum)
	smScale := 1.0 / sum

	dByNrows := grad[0] / float32(t.GridDim.X)
	for i := t.ThreadIdx.X; i < nclasses; i += ggmlWarpSize {
		val := dst[i]
		if useShared {
			val = tmp[i]
		}
		dst[i] = (val*smScale - labels[i]) * dByNrows
	}
}

// InitIndicesKernel is argsort.cu's init_indices: each row of indices is
// 0, 1, ..., ncols-1.
//
//gocuda:kernel InitIndicesKernel
func initIndicesKernel(t *gocuda.Thread, indices []int32, ncols int, nrows int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := t.BlockIdx.Y

	if col < ncols && row < nrows {
		indices[row*ncols+col] = int32(col)
	}
}

// InitOffsetsKernel is argsort.cu's init_offsets: the nrows+1 segment
// offsets of rows of ncols.
//
//gocuda:kernel InitOffsetsKernel
func initOffsetsKernel(t *gocuda.Thread, offsets []int32, ncols int, nrows int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if idx <= nrows {
		offsets[idx] = int32(idx * ncols)
	}
}

// ggml_sort_order's values.
const (
	ggmlSortOrderAsc  = 0
	ggmlSortOrderDesc = 1
)

// ggmlCudaSwap is argsort.cu's ggml_cuda_swap<T>(T &a, T &b).
func ggmlCudaSwap[T any](a, b *T) {
	tmp := *a
	*a = *b
	*b = tmp
}

// bitonicStep is argsort.cu's bitonic_step<order>: one compare-exchange of
// the bitonic network at (k, j) for column col, done by the owner of the
// pair's lower index; indices at or past ncols are padding and sort last.
// The order ? a : b of a condition is (order && a) || (!order && b), which
// evaluates the same operands.
func bitonicStep(xRow []float32, dstRow []int32, ncols int, col int, k int, j int, order int) {
	ixj := col ^ j
	if ixj <= col {
		return
	}
	if (col & k) == 0 {
		if int(dstRow[col]) >= ncols ||
			(int(dstRow[ixj]) < ncols && (order == ggmlSortOrderAsc && xRow[dstRow[col]] > xRow[dstRow[ixj]] ||
				order != ggmlSortOrderAsc && xRow[dstRow[col]] < xRow[dstRow[ixj]])) {
			ggmlCudaSwap(&dstRow[col], &dstRow[ixj])
		}
	} else {
		if int(dstRow[ixj]) >= ncols ||
			(int(dstRow[col]) < ncols && (order == ggmlSortOrderAsc && xRow[dstRow[col]] < xRow[dstRow[ixj]] ||
				order != ggmlSortOrderAsc && xRow[dstRow[col]] > xRow[dstRow[ixj]])) {
			ggmlCudaSwap(&dstRow[col], &dstRow[ixj])
		}
	}
}

// ArgsortF32I32Kernel is k_argsort_f32_i32<order>: the indices that sort
// row blockIdx.x of x, by a bitonic sort of ncols_pad (ncols rounded up to
// a power of two) indices in dynamic shared memory, several columns a
// thread when the row is wider than the block.
//
//gocuda:kernel ArgsortF32I32Kernel
func argsortF32I32Kernel(t *gocuda.Thread, x []float32, dst []int32, ncols int, ncolsPad int, order int) {
	row := t.BlockIdx.X

	xRow := x[row*ncols:]
	dstRow := gocuda.DynamicShared[int32](t)

	for col := t.ThreadIdx.X; col < ncolsPad; col += t.BlockDim.X {
		dstRow[col] = int32(col)
	}

	t.SyncThreads()

	for k := 2; k <= ncolsPad; k *= 2 {
		for j := k / 2; j > 0; j /= 2 {
			for col := t.ThreadIdx.X; col < ncolsPad; col += t.BlockDim.X {
				bitonicStep(xRow, dstRow, ncols, col, k, j, order)
			}
			t.SyncThreads()
		}
	}

	for col := t.ThreadIdx.X; col < ncols; col += t.BlockDim.X {
		dst[row*ncols+col] = dstRow[col]
	}
}
