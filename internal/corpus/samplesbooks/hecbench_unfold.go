package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's src/unfold-cuda/main.cu (zjin-lcf/HeCBench at
// f27000a), PyTorch's unfold_backward on CUDA cut down to one dimension:
// unfold_backward_elementwise_kernel, a template over its block size,
// elements per thread and a functor type, calls the functor it is passed
// once for each element index it covers. The functor is the host's
// `[=] __device__ (int i)` lambda of unfold_backward_internal_kernel,
// which captures the pointers and sizes by value; here it is a Go
// function literal made by unfoldBackwardLoop, whose parameters are the
// copies the lambda captures. The template's values are arguments and
// scalar_t (int) is int32.

// UnfoldBackwardElementwiseKernel is unfold_backward_elementwise_kernel<
// n_threads, n_elems_per_thread, func_t> of unfold-cuda: each thread
// calls f for up to nElemsPerThread indices, nThreads apart, from
// nThreads·nElemsPerThread·blockIdx.x + threadIdx.x, while they are below
// totalNElems.
//
//gocuda:kernel UnfoldBackwardElementwiseKernel
func unfoldBackwardElementwiseKernel(t *gocuda.Thread, nThreads, nElemsPerThread, totalNElems int, f func(i int)) {
	totalWorkBlock := nThreads * nElemsPerThread
	idx := totalWorkBlock*t.BlockIdx.X + t.ThreadIdx.X
	for i := 0; i < nElemsPerThread; i++ {
		if idx < totalNElems {
			f(idx)
			idx += nThreads
		}
	}
}

// unfoldBackwardLoop is the loop lambda of unfold_backward_internal_kernel:
// for index i it adds to gradOut[i] every element of the unfolded
// gradient (gradIn from i on) whose window, of size elements every step,
// covers position idxDim[0]. It captures its arguments by value.
func unfoldBackwardLoop(gradOutPtr, gradInPtr []int32, idxDimPtr []int64,
	size, step, gradInDimStride, gradInLastDimStride, gradInDimSize, gradOutDimStride int64) func(i int) {
	return func(i int) {
		offsets := [3]int64{int64(i), int64(i), 0}
		gradOutData := gradOutPtr[offsets[0]:]
		gradInData := gradInPtr[offsets[1]:]
		idxDim := idxDimPtr[offsets[2]]

		// The first window that may hold idxDim is (idxDim-size)/step or
		// the one after it.
		leftFoldIdx := int64(0)
		if idxDim > size {
			leftFoldIdx = (idxDim - size) / step
		}
		if !(leftFoldIdx*step <= idxDim && idxDim < leftFoldIdx*step+size) {
			leftFoldIdx++
		}
		rightFoldIdx := idxDim / step
		if rightFoldIdx >= gradInDimSize {
			rightFoldIdx = gradInDimSize - 1
		}
		for foldIdx := leftFoldIdx; foldIdx <= rightFoldIdx; foldIdx++ {
			idxLastDim := idxDim - foldIdx*step
			gradOutData[0] += gradInData[foldIdx*gradInDimStride+idxLastDim*gradInLastDimStride]
		}
	}
}
