package hecbenchltoz

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kernels of HeCBench's seam-carving benchmark
// (zjin-lcf/HeCBench at f27000a, src/seam-carving-cuda/kernels.h, after
// Mazzini's seam carving): the four ways to compute the cumulative
// energy map M row after row (compute_M_kernel_step1 and _step2, a
// trapezoid of rows between barriers in a double-buffered shared cache
// whose pointers each thread swaps with pointer_swap; compute_M_kernel_small
// and _single, the whole image in one block; compute_M_kernel_iterate0
// and _iterate1, a launch a row), min_reduce and find_seam_kernel.

// kernels.h's COMPUTE_M_BLOCKSIZE_X, REDUCE_BLOCKSIZE_X and
// REDUCE_ELEMENTS_PER_THREAD.
const (
	seamComputeMBlocksizeX      = 128
	seamReduceBlocksizeX        = 128
	seamReduceElementsPerThread = 8
)

// pointerSwap is pointer_swap of seam-carving-cuda.
func pointerSwap(p1, p2 *[]int32) {
	tmp := *p1
	*p1 = *p2
	*p2 = tmp
}

// ComputeMKernelStep1 is compute_M_kernel_step1 of seam-carving-cuda:
// from row base_row, each block fills the trapezoid of the next
// COMPUTE_M_BLOCKSIZE_X/2 rows its own columns determine.
//
//gocuda:kernel ComputeMKernelStep1
func computeMKernelStep1(t *gocuda.Thread, dCostsLeft, dCostsUp, dCostsRight []int16, dM []int32, w, h, currentW, baseRow int) {
	cache := gocuda.Shared[int32](t, 2*seamComputeMBlocksizeX)
	mCache := cache
	mCacheSwap := cache[seamComputeMBlocksizeX:]
	column := t.BlockIdx.X*seamComputeMBlocksizeX + t.ThreadIdx.X
	ix := baseRow*w + column
	cacheColumn := t.ThreadIdx.X
	var isFirst, isLast bool
	var right, up, left int32

	isFirst = t.BlockIdx.X == 0
	isLast = t.BlockIdx.X == t.GridDim.X-1

	if column < currentW {
		if baseRow == 0 {
			left = int32(min(dCostsLeft[ix], min(dCostsUp[ix], dCostsRight[ix])))
			mCache[cacheColumn] = left
			dM[ix] = left
		} else {
			mCache[cacheColumn] = dM[ix]
		}
	}

	t.SyncThreads()

	maxRow := baseRow + seamComputeMBlocksizeX/2
	for row, inc := baseRow+1, 1; row < maxRow && row < h; row, inc = row+1, inc+1 {
		ix = ix + w
		if column < currentW && (isFirst || inc <= t.ThreadIdx.X) && (isLast || t.ThreadIdx.X < seamComputeMBlocksizeX-inc) {

			//with left
			if column > 0 {
				left = mCache[cacheColumn-1] + int32(dCostsLeft[ix])
			} else {
				left = math.MaxInt32
			}
			//with up
			up = mCache[cacheColumn] + int32(dCostsUp[ix])
			//with right
			if column < currentW-1 {
				right = mCache[cacheColumn+1] + int32(dCostsRight[ix])
			} else {
				right = math.MaxInt32
			}

			left = min(left, min(up, right))
			dM[ix] = left
			//swap read/write shared memory
			pointerSwap(&mCache, &mCacheSwap)
			mCache[cacheColumn] = left
		}
		//wait until every thread has written shared memory
		t.SyncThreads()
	}
}

// ComputeMKernelStep2 is compute_M_kernel_step2 of seam-carving-cuda:
// the inverted trapezoids between step1's, from global memory.
//
//gocuda:kernel ComputeMKernelStep2
func computeMKernelStep2(t *gocuda.Thread, dCostsLeft, dCostsUp, dCostsRight []int16, dM []int32, w, h, currentW, baseRow int) {
	column := t.BlockIdx.X*seamComputeMBlocksizeX + t.ThreadIdx.X + seamComputeMBlocksizeX/2
	var right, up, left int32

	var ix int
	prevIx := baseRow*w + column
	maxRow := baseRow + seamComputeMBlocksizeX/2
	for row, inc := baseRow+1, 1; row < maxRow && row < h; row, inc = row+1, inc+1 {
		ix = prevIx + w
		if column < currentW && (seamComputeMBlocksizeX/2-inc <= t.ThreadIdx.X) && (t.ThreadIdx.X < seamComputeMBlocksizeX/2+inc) {
			//with left
			left = dM[prevIx-1] + int32(dCostsLeft[ix])
			//with up
			up = dM[prevIx] + int32(dCostsUp[ix])
			//with right
			if column < currentW-1 {
				right = dM[prevIx+1] + int32(dCostsRight[ix])
			} else {
				right = math.MaxInt32
			}

			left = min(left, min(up, right))
			dM[ix] = left
		}
		prevIx = ix
		t.SyncThreads()
	}
}

// ComputeMKernelSmall is compute_M_kernel_small of seam-carving-cuda:
// one block of current_w threads, a column a thread, all rows.
//
//gocuda:kernel ComputeMKernelSmall
func computeMKernelSmall(t *gocuda.Thread, dCostsLeft, dCostsUp, dCostsRight []int16, dM []int32, w, h, currentW int) {
	cache := gocuda.DynamicShared[int32](t)
	mCache := cache
	mCacheSwap := cache[currentW:]
	column := t.ThreadIdx.X
	ix := column
	var left, up, right int32

	//first row
	left = int32(min(dCostsLeft[ix], min(dCostsUp[ix], dCostsRight[ix])))
	dM[ix] = left
	mCache[ix] = left

	t.SyncThreads()

	//other rows
	for row := 1; row < h; row++ {
		if column < currentW {
			ix = ix + w //ix = row*w + column;

			//with left
			if column > 0 {
				left = mCache[column-1] + int32(dCostsLeft[ix])
			} else {
				left = math.MaxInt32
			}
			//with up
			up = mCache[column] + int32(dCostsUp[ix])
			//with right
			if column < currentW-1 {
				right = mCache[column+1] + int32(dCostsRight[ix])
			} else {
				right = math.MaxInt32
			}

			left = min(left, min(up, right))
			dM[ix] = left
			//swap read/write shared memory
			pointerSwap(&mCache, &mCacheSwap)
			mCache[column] = left
		}
		t.SyncThreads()
	}
}

// ComputeMKernelSingle is compute_M_kernel_single of seam-carving-cuda:
// one block, n_elem columns a thread, all rows.
//
//gocuda:kernel ComputeMKernelSingle
func computeMKernelSingle(t *gocuda.Thread, dCostsLeft, dCostsUp, dCostsRight []int16, dM []int32, w, h, currentW, nElem int) {
	cache := gocuda.DynamicShared[int32](t)
	mCache := cache
	mCacheSwap := cache[currentW:]
	tid := t.ThreadIdx.X
	var column int
	var ix int
	var left, up, right int32

	//first row
	for i := 0; i < nElem; i++ {
		column = tid + i*t.BlockDim.X
		if column < currentW {
			left = int32(min(dCostsLeft[column], min(dCostsUp[column], dCostsRight[column])))
			dM[column] = left
			mCache[column] = left
		}
	}

	t.SyncThreads()

	//other rows
	for row := 1; row < h; row++ {
		for i := 0; i < nElem; i++ {
			column = tid + i*t.BlockDim.X
			if column < currentW {
				ix = row*w + column

				//with left
				if column > 0 {
					left = mCache[column-1] + int32(dCostsLeft[ix])
				} else {
					left = math.MaxInt32
				}
				//with up
				up = mCache[column] + int32(dCostsUp[ix])
				//with right
				if column < currentW-1 {
					right = mCache[column+1] + int32(dCostsRight[ix])
				} else {
					right = math.MaxInt32
				}

				left = min(left, min(up, right))
				dM[ix] = left
				mCacheSwap[column] = left
			}
		}
		//swap read/write shared memory
		pointerSwap(&mCache, &mCacheSwap)
		t.SyncThreads()
	}
}

// ComputeMKernelIterate0 is compute_M_kernel_iterate0 of
// seam-carving-cuda: M's first row.
//
//gocuda:kernel ComputeMKernelIterate0
func computeMKernelIterate0(t *gocuda.Thread, dCostsLeft, dCostsUp, dCostsRight []int16, dM []int32, w, currentW int) {
	column := t.BlockIdx.X*seamComputeMBlocksizeX + t.ThreadIdx.X

	if column < currentW {
		dM[column] = int32(min(dCostsLeft[column], min(dCostsUp[column], dCostsRight[column])))
	}
}

// ComputeMKernelIterate1 is compute_M_kernel_iterate1 of
// seam-carving-cuda: row row of M from row row-1.
//
//gocuda:kernel ComputeMKernelIterate1
func computeMKernelIterate1(t *gocuda.Thread, dCostsLeft, dCostsUp, dCostsRight []int16, dM []int32, w, currentW, row int) {
	column := t.BlockIdx.X*seamComputeMBlocksizeX + t.ThreadIdx.X
	ix := row*w + column
	prevIx := ix - w
	var left, up, right int32

	if column < currentW {
		//with left
		if column > 0 {
			left = dM[prevIx-1] + int32(dCostsLeft[ix])
		} else {
			left = math.MaxInt32
		}
		//with up
		up = dM[prevIx] + int32(dCostsUp[ix])
		//with right
		if column < currentW-1 {
			right = dM[prevIx+1] + int32(dCostsRight[ix])
		} else {
			right = math.MaxInt32
		}

		dM[ix] = min(left, min(up, right))
	}
}

// MinReduceKernel is min_reduce of seam-carving-cuda: block b's index
// (among d_indices) of the smallest of d_values, the lowest index on
// ties, into d_indices[b].
//
//gocuda:kernel MinReduceKernel
func minReduceKernel(t *gocuda.Thread, dValues, dIndices []int32, size int) {
	valCache := gocuda.Shared[int32](t, seamReduceBlocksizeX)
	ixCache := gocuda.Shared[int32](t, seamReduceBlocksizeX)
	tid := t.ThreadIdx.X
	column := t.BlockIdx.X*seamReduceBlocksizeX + tid
	gridSize := t.GridDim.X * seamReduceBlocksizeX
	minV := int32(math.MaxInt32)
	minI := int32(0)
	var newI, newV int32

	for i := 0; i < seamReduceElementsPerThread; i++ {
		if column < size {
			newI = dIndices[column]
			newV = dValues[newI]
			if newV < minV {
				minI = newI
				minV = newV
			}
		}
		column = column + gridSize
	}
	valCache[tid] = minV
	ixCache[tid] = minI

	t.SyncThreads()

	for i := seamReduceBlocksizeX / 2; i > 0; i = i / 2 {
		if tid < i {
			if valCache[tid+i] < valCache[tid] || (valCache[tid+i] == valCache[tid] && ixCache[tid+i] < ixCache[tid]) {
				valCache[tid] = valCache[tid+i]
				ixCache[tid] = ixCache[tid+i]
			}
		}
		t.SyncThreads()
	}

	if tid == 0 {
		dIndices[t.BlockIdx.X] = ixCache[0]
	}
}

// FindSeamKernel is find_seam_kernel of seam-carving-cuda: one thread
// walks the seam up from the bottom row's minimum.
//
//gocuda:kernel FindSeamKernel
func findSeamKernel(t *gocuda.Thread, dM, dIndices, dSeam []int32, w, h, currentW int) {
	var baseRow, mid int
	minIndex := int(dIndices[0])

	dSeam[h-1] = int32(minIndex)
	for row := h - 2; row >= 0; row-- {
		baseRow = row * w
		mid = minIndex
		if mid != 0 {
			if dM[baseRow+mid-1] < dM[baseRow+minIndex] {
				minIndex = mid - 1
			}
		}
		if mid != currentW {
			if dM[baseRow+mid+1] < dM[baseRow+minIndex] {
				minIndex = mid + 1
			}
		}
		dSeam[row] = int32(minIndex)
	}
}
