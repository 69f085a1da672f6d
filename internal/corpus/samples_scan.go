package corpus

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the prefix sums of NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques: shfl_scan/shfl_scan.cu and
// scan/scan.cu.

// ShflScanKernel is shfl_scan_test of shfl_scan/shfl_scan.cu: an inclusive
// scan of each block's ints in place, each warp by __shfl_up_sync steps of
// the given width, the warps' sums scanned by the first warp with a
// narrower shuffle, then added; the last thread writes the block's sum to
// partialSums unless it is nil. Launch it with one thread per element in
// blocks of whole warps, with a warp's worth of ints of dynamic shared
// memory per warp.
//
//gocuda:kernel ShflScanKernel
func shflScanTest(t *gocuda.Thread, data []int32, width int, partialSums []int32) {
	sums := gocuda.DynamicShared[int32](t)
	id := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	laneID := id % gocuda.WarpSize
	// determine a warp_id within a block
	warpID := t.ThreadIdx.X / gocuda.WarpSize

	value := data[id]

	// accumulate in log steps up the chain
	for i := 1; i <= width; i *= 2 {
		mask := uint32(0xffffffff)
		n := gocuda.ShflUpSync(t, mask, value, i, width)

		if laneID >= i {
			value += n
		}
	}

	// write the sum of the warp to smem
	if t.ThreadIdx.X%gocuda.WarpSize == gocuda.WarpSize-1 {
		sums[warpID] = value
	}

	t.SyncThreads()

	// scan sum the warp sums
	if warpID == 0 && laneID < t.BlockDim.X/gocuda.WarpSize {
		warpSum := sums[laneID]

		mask := uint32(1<<(t.BlockDim.X/gocuda.WarpSize) - 1)
		for i := 1; i <= t.BlockDim.X/gocuda.WarpSize; i *= 2 {
			n := gocuda.ShflUpSync(t, mask, warpSum, i, t.BlockDim.X/gocuda.WarpSize)

			if laneID >= i {
				warpSum += n
			}
		}

		sums[laneID] = warpSum
	}

	t.SyncThreads()

	// perform a uniform add across warps in the block
	var blockSum int32

	if warpID > 0 {
		blockSum = sums[warpID-1]
	}

	value += blockSum

	data[id] = value

	// last thread has sum, write out the block's sum
	if partialSums != nil && t.ThreadIdx.X == t.BlockDim.X-1 {
		partialSums[t.BlockIdx.X] = value
	}
}

// UniformAddKernel is uniform_add of shfl_scan/shfl_scan.cu: block b adds
// partialSums[b] to its elements, read once into shared memory by thread
// 0. The sample launches it on data offset by one block.
//
//gocuda:kernel UniformAddKernel
func uniformAdd(t *gocuda.Thread, data, partialSums []int32, length int) {
	buf := gocuda.Shared[int32](t, 1)
	id := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if id > length {
		return
	}

	if t.ThreadIdx.X == 0 {
		buf[0] = partialSums[t.BlockIdx.X]
	}

	t.SyncThreads()
	data[id] += buf[0]
}

// scanBlockSize is scan.cu's THREADBLOCK_SIZE.
const scanBlockSize = 256

// uint4 is CUDA's uint4 vector type.
type uint4 struct{ X, Y, Z, W uint32 }

// scan1Inclusive is scan.cu's scan1Inclusive: a Hillis-Steele scan of
// size-element runs through 2·size words of sData whose first half is
// zeros, each step a read and a write separated by block syncs.
func scan1Inclusive(t *gocuda.Thread, idata uint32, sData []uint32, size int, cta cg.ThreadBlock) uint32 {
	pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (size - 1))
	sData[pos] = 0
	pos += size
	sData[pos] = idata

	for offset := 1; offset < size; offset <<= 1 {
		cta.Sync()
		tt := sData[pos] + sData[pos-offset]
		cta.Sync()
		sData[pos] = tt
	}

	return sData[pos]
}

// scan1Exclusive is scan.cu's scan1Exclusive.
func scan1Exclusive(t *gocuda.Thread, idata uint32, sData []uint32, size int, cta cg.ThreadBlock) uint32 {
	return scan1Inclusive(t, idata, sData, size, cta) - idata
}

// scan4Inclusive is scan.cu's scan4Inclusive: a thread's four elements
// scanned in registers, then an exclusive scan of their sums.
func scan4Inclusive(t *gocuda.Thread, idata4 uint4, sData []uint32, size int, cta cg.ThreadBlock) uint4 {
	// Level-0 inclusive scan
	idata4.Y += idata4.X
	idata4.Z += idata4.Y
	idata4.W += idata4.Z

	// Level-1 exclusive scan
	oval := scan1Exclusive(t, idata4.W, sData, size/4, cta)

	idata4.X += oval
	idata4.Y += oval
	idata4.Z += oval
	idata4.W += oval

	return idata4
}

// scan4Exclusive is scan.cu's scan4Exclusive.
func scan4Exclusive(t *gocuda.Thread, idata4 uint4, sData []uint32, size int, cta cg.ThreadBlock) uint4 {
	odata4 := scan4Inclusive(t, idata4, sData, size, cta)
	odata4.X -= idata4.X
	odata4.Y -= idata4.Y
	odata4.Z -= idata4.Z
	odata4.W -= idata4.W
	return odata4
}

// ScanExclusiveSharedKernel is scanExclusiveShared of scan/scan.cu: an
// exclusive scan of runs of size elements (4 to 4·THREADBLOCK_SIZE, a power
// of two), four per thread as a uint4. Launch it with THREADBLOCK_SIZE
// threads per block, one block per 1024 elements.
//
//gocuda:kernel ScanExclusiveSharedKernel
func scanExclusiveShared(t *gocuda.Thread, dDst, dSrc []uint4, size int) {
	cta := cg.ThisThreadBlock(t)
	sData := gocuda.Shared[uint32](t, 2*scanBlockSize)

	pos := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	// Load data
	idata4 := dSrc[pos]

	// Calculate exclusive scan
	odata4 := scan4Exclusive(t, idata4, sData, size, cta)

	// Write back
	dDst[pos] = odata4
}

// ScanExclusiveShared2Kernel is scanExclusiveShared2 of scan/scan.cu: the
// exclusive scan of the top elements of the bottom-level scans (their last
// outputs plus inputs), N of them in runs of arrayLength.
//
//gocuda:kernel ScanExclusiveShared2Kernel
func scanExclusiveShared2(t *gocuda.Thread, dBuf, dDst, dSrc []uint32, n, arrayLength int) {
	cta := cg.ThisThreadBlock(t)
	sData := gocuda.Shared[uint32](t, 2*scanBlockSize)

	// Skip loads and stores for inactive threads of last threadblock (pos >= N)
	pos := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	// Load top elements, converting the bottom-level scan back to inclusive
	var idata uint32

	if pos < n {
		idata = dDst[(4*scanBlockSize)-1+(4*scanBlockSize)*pos] +
			dSrc[(4*scanBlockSize)-1+(4*scanBlockSize)*pos]
	}

	// Compute
	odata := scan1Exclusive(t, idata, sData, arrayLength, cta)

	// Avoid out-of-bound access
	if pos < n {
		dBuf[pos] = odata
	}
}

// UniformUpdateKernel is uniformUpdate of scan/scan.cu: block b adds
// dBuffer[b], read once into shared memory, to its four elements per
// thread.
//
//gocuda:kernel UniformUpdateKernel
func uniformUpdate(t *gocuda.Thread, dData []uint4, dBuffer []uint32) {
	cta := cg.ThisThreadBlock(t)
	buf := gocuda.Shared[uint32](t, 1)
	pos := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if t.ThreadIdx.X == 0 {
		buf[0] = dBuffer[t.BlockIdx.X]
	}

	cta.Sync()

	data4 := dData[pos]
	data4.X += buf[0]
	data4.Y += buf[0]
	data4.Z += buf[0]
	data4.W += buf[0]
	dData[pos] = data4
}
