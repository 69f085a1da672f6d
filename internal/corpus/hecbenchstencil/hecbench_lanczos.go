package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's lanczos (src/lanczos-cuda/lanczos.cu at
// f27000a): the vector kernels of its GPU Lanczos iteration,
// dot_product_kernel, multiply_inplace_kernel and saxpy_inplace_kernel,
// templates over the element type (float and double in the original).
// warp_multiply_kernel is not ported (see the package doc).

// lanczosThreadsPerBlock is lanczos.cu's THREADS_PER_BLOCK.
const lanczosThreadsPerBlock = 256

// lanczosReal is the element types the original instantiates.
type lanczosReal interface{ ~float32 | ~float64 }

// DotProductKernel is dot_product_kernel<T>: a block's products summed by
// a shared-memory tree (zero past N), one partial sum a block.
//
//gocuda:kernel DotProductKernel
func dotProductKernel[T lanczosReal](t *gocuda.Thread, N int, x, y, z []T) {
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	result := gocuda.Shared[T](t, lanczosThreadsPerBlock)

	if index < N {
		result[t.ThreadIdx.X] = x[index] * y[index]
	} else {
		result[t.ThreadIdx.X] = 0
	}
	t.SyncThreads()

	half := lanczosThreadsPerBlock / 2
	for half > 0 {
		if t.ThreadIdx.X < half {
			result[t.ThreadIdx.X] += result[t.ThreadIdx.X+half]
		}
		t.SyncThreads()
		half /= 2
	}

	if t.ThreadIdx.X == 0 {
		z[t.BlockIdx.X] = result[0]
	}
}

// MultiplyInplaceKernel is multiply_inplace_kernel<T>: x ← k·x.
//
//gocuda:kernel MultiplyInplaceKernel
func multiplyInplaceKernel[T lanczosReal](t *gocuda.Thread, N int, x []T, k T) {
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if index < N {
		x[index] = x[index] * k
	}
}

// SaxpyInplaceKernel is saxpy_inplace_kernel<T>: y ← y + a·x.
//
//gocuda:kernel SaxpyInplaceKernel
func saxpyInplaceKernel[T lanczosReal](t *gocuda.Thread, N int, y, x []T, a T) {
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if index < N {
		y[index] += a * x[index]
	}
}
