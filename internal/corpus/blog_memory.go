package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file holds memory-access kernels of Mark Harris's NVIDIA developer
// blog series on CUDA C/C++ (code in NVIDIA-developer-blog/code-samples,
// series/cuda-cpp) and of his introduction and grid-stride posts.

// BlogSaxpyKernel is saxpy of "An Easy Introduction to CUDA C and C++":
// y = a·x + y, a thread per element.
//
//gocuda:kernel BlogSaxpyKernel
func blogSaxpy(t *gocuda.Thread, n int, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// BlogSaxpyGridStrideKernel is saxpy of "CUDA Pro Tip: Write Flexible
// Kernels with Grid-Stride Loops": the same over a grid-stride loop.
//
//gocuda:kernel BlogSaxpyGridStrideKernel
func blogSaxpyGridStride(t *gocuda.Thread, n int, a float32, x, y []float32) {
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		y[i] = a*x[i] + y[i]
	}
}

// StaticReverseKernel is staticReverse of "Using Shared Memory in CUDA
// C/C++" (shared-memory/shared-memory.cu): one block of n <= 64 threads
// reverses d through a static shared array of 64.
//
//gocuda:kernel StaticReverseKernel
func staticReverse(t *gocuda.Thread, d []int32, n int) {
	s := gocuda.Shared[int32](t, 64)
	tt := t.ThreadIdx.X
	tr := n - tt - 1
	s[tt] = d[tt]
	t.SyncThreads()
	d[tt] = s[tr]
}

// DynamicReverseKernel is dynamicReverse of the same post: the same
// through extern shared memory of n ints.
//
//gocuda:kernel DynamicReverseKernel
func dynamicReverse(t *gocuda.Thread, d []int32, n int) {
	s := gocuda.DynamicShared[int32](t)
	tt := t.ThreadIdx.X
	tr := n - tt - 1
	s[tt] = d[tt]
	t.SyncThreads()
	d[tt] = s[tr]
}

// OffsetKernel is offset<T> of "How to Access Global Memory Efficiently
// in CUDA C/C++ Kernels" (coalescing-global/coalescing.cu): a[i+s]++ for
// each thread, misaligning the accesses by s.
//
//gocuda:kernel OffsetKernel
func offsetKernel[T number](t *gocuda.Thread, a []T, s int) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X + s
	a[i] = a[i] + 1
}

// StrideKernel is stride<T> of the same post: a[i·s]++, strided accesses.
//
//gocuda:kernel StrideKernel
func strideKernel[T number](t *gocuda.Thread, a []T, s int) {
	i := (t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X) * s
	a[i] = a[i] + 1
}

// blogTileDim and blogBlockRows are TILE_DIM and BLOCK_ROWS of "An
// Efficient Matrix Transpose in CUDA C/C++" (transpose/transpose.cu).
const (
	blogTileDim   = 32
	blogBlockRows = 8
)

// BlogCopySharedMemKernel is copySharedMem of the transpose post: a copy
// through a one-dimensional shared tile, the width taken from the grid.
//
//gocuda:kernel BlogCopySharedMemKernel
func blogCopySharedMem(t *gocuda.Thread, odata, idata []float32) {
	tile := gocuda.Shared[float32](t, blogTileDim*blogTileDim)

	x := t.BlockIdx.X*blogTileDim + t.ThreadIdx.X
	y := t.BlockIdx.Y*blogTileDim + t.ThreadIdx.Y
	width := t.GridDim.X * blogTileDim

	for j := 0; j < blogTileDim; j += blogBlockRows {
		tile[(t.ThreadIdx.Y+j)*blogTileDim+t.ThreadIdx.X] = idata[(y+j)*width+x]
	}

	t.SyncThreads()

	for j := 0; j < blogTileDim; j += blogBlockRows {
		odata[(y+j)*width+x] = tile[(t.ThreadIdx.Y+j)*blogTileDim+t.ThreadIdx.X]
	}
}

// BlogTransposeCoalescedKernel is transposeCoalesced of the transpose
// post: a square matrix, the width taken from the grid.
//
//gocuda:kernel BlogTransposeCoalescedKernel
func blogTransposeCoalesced(t *gocuda.Thread, odata, idata []float32) {
	tile := gocuda.Shared[[blogTileDim]float32](t, blogTileDim)

	x := t.BlockIdx.X*blogTileDim + t.ThreadIdx.X
	y := t.BlockIdx.Y*blogTileDim + t.ThreadIdx.Y
	width := t.GridDim.X * blogTileDim

	for j := 0; j < blogTileDim; j += blogBlockRows {
		tile[t.ThreadIdx.Y+j][t.ThreadIdx.X] = idata[(y+j)*width+x]
	}

	t.SyncThreads()

	x = t.BlockIdx.Y*blogTileDim + t.ThreadIdx.X // transpose block offset
	y = t.BlockIdx.X*blogTileDim + t.ThreadIdx.Y

	for j := 0; j < blogTileDim; j += blogBlockRows {
		odata[(y+j)*width+x] = tile[t.ThreadIdx.X][t.ThreadIdx.Y+j]
	}
}
