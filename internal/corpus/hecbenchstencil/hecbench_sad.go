package hecbenchstencil

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's sad (src/sad-cuda/main.cu at f27000a): sum of
// absolute differences template matching in three kernels,
// compute_sad_array, find_min_in_sad_array (a shared-memory tree and
// atomicMin) and get_num_of_occurrences (a __shared__ counter, its
// barriers inside a bounds check). The macro min is Go's min; abs is
// iabs.

// sad's BLOCK_SIZE and FOUND_MIN.
const (
	sadBlockSize = 16 * 16
	sadFoundMin  = 5000
)

// iabs is C's abs.
func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ComputeSadArrayKernel is compute_sad_array: each pixel's sum of absolute
// RGB differences with the template over their overlap, divided by the
// template's size (stored at row·image_width+col, as in the original).
//
//gocuda:kernel ComputeSadArrayKernel
func computeSadArrayKernel(t *gocuda.Thread, sadArray []int32, image, kernel []uint8, sadArraySize, imageWidth, imageHeight, kernelWidth, kernelHeight, kernelSize int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	sadResult := 0

	if row < imageHeight && col < imageWidth {
		overlapWidth := min(imageWidth-col, kernelWidth)
		overlapHeight := min(imageHeight-row, kernelHeight)
		for kr := 0; kr < overlapHeight; kr++ {
			for kc := 0; kc < overlapWidth; kc++ {
				imageAddr := ((row+kr)*imageWidth + (col + kc)) * 3
				kernelAddr := (kr*kernelWidth + kc) * 3
				mR := int(image[imageAddr+0])
				mG := int(image[imageAddr+1])
				mB := int(image[imageAddr+2])
				tR := int(kernel[kernelAddr+0])
				tG := int(kernel[kernelAddr+1])
				tB := int(kernel[kernelAddr+2])
				err := iabs(mR-tR) + iabs(mG-tG) + iabs(mB-tB)
				sadResult += err
			}
		}

		normSad := int32(float32(sadResult) / float32(kernelSize))

		myIndexInSadArray := row*imageWidth + col
		if myIndexInSadArray < sadArraySize {
			sadArray[myIndexInSadArray] = normSad
		}
	}
}

// FindMinInSadArrayKernel is find_min_in_sad_array: a grid-stride minimum
// a thread, a shared tree a block, atomicMin into min_sad.
//
//gocuda:kernel FindMinInSadArrayKernel
func findMinInSadArrayKernel(t *gocuda.Thread, sadArraySize int, sadArray []int32, minSad []int32) {
	gid := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	stride := uint32(t.GridDim.X * t.BlockDim.X)
	offset := uint32(0)

	cache := gocuda.Shared[int32](t, sadBlockSize)

	temp := int32(sadFoundMin)
	for gid+offset < uint32(sadArraySize) {
		temp = min(temp, sadArray[gid+offset])
		offset += stride
	}

	cache[t.ThreadIdx.X] = temp

	t.SyncThreads()

	i := uint32(t.BlockDim.X / 2)
	for i != 0 {
		if uint32(t.ThreadIdx.X) < i {
			cache[t.ThreadIdx.X] = min(cache[t.ThreadIdx.X], cache[uint32(t.ThreadIdx.X)+i])
		}
		t.SyncThreads()
		i /= 2
	}

	// Update global min for each block
	if t.ThreadIdx.X == 0 {
		atomic.Min(&minSad[0], cache[0])
	}
}

// GetNumOfOccurrencesKernel is get_num_of_occurrences: the threads within
// the array count, in a __shared__ int, the entries equal to the minimum,
// and thread 0 adds the count to num_occurrences; the barriers are inside
// the bounds check, so the last block's threads past the end skip them.
//
//gocuda:kernel GetNumOfOccurrencesKernel
func getNumOfOccurrencesKernel(t *gocuda.Thread, sadArraySize int, sadArray, minSad, numOccurrences []int32) {
	gid := uint32(t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X)

	s := gocuda.Shared[int32](t, 1)

	if gid < uint32(sadArraySize) {
		if t.ThreadIdx.X == 0 {
			s[0] = 0
		}

		t.SyncThreads()

		if sadArray[gid] == minSad[0] {
			atomic.Add(&s[0], 1)
		}

		t.SyncThreads()

		// Update global occurance for each block
		if t.ThreadIdx.X == 0 {
			atomic.Add(&numOccurrences[0], s[0])
		}
	}
}
