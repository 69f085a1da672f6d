package llmcrodinia

import (
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds the work-efficient scan of Rodinia 3.1's huffman
// (yuhc/gpu-rodinia at 9c10d3e, cuda/huffman/scanLargeArray_kernel.cu):
// NVIDIA's CUDA SDK scanLargeArray of 2007 ("scan_best_kernel.cu"), the
// bank-conflict-avoiding Blelloch scan of GPU Gems 3, chapter 39 (Harris,
// Sengupta and Owens, "Parallel Prefix Sum (Scan) with CUDA"), which
// huffman's scan.cu drives recursively (prescanArrayRecursive). The
// template parameters storeSum and isNP2 are arguments here, after the
// function's own; the int& parameters are pointers. ZERO_BANK_CONFLICTS is
// not defined.

// NUM_BANKS and LOG_NUM_BANKS: 16 banks on G80.
const (
	scanNumBanks    = 16
	scanLogNumBanks = 4
)

// conflictFreeOffset is CONFLICT_FREE_OFFSET.
func conflictFreeOffset(index int) int { return index >> scanLogNumBanks }

// loadSharedChunkFromMem is loadSharedChunkFromMem<isNP2>: each thread
// loads two elements, blockDim.x apart, into the padded shared array, the
// second as 0 past n when isNP2.
func loadSharedChunkFromMem(t *gocuda.Thread, sData []uint32,
	gIdata []uint32,
	n, baseIndex int,
	ai, bi *int,
	memAi, memBi *int,
	bankOffsetA, bankOffsetB *int, isNP2 bool) {
	thid := t.ThreadIdx.X
	*memAi = baseIndex + t.ThreadIdx.X
	*memBi = *memAi + t.BlockDim.X

	*ai = thid
	*bi = thid + t.BlockDim.X

	// compute spacing to avoid bank conflicts
	*bankOffsetA = conflictFreeOffset(*ai)
	*bankOffsetB = conflictFreeOffset(*bi)

	// Cache the computational window in shared memory
	// pad values beyond n with zeros
	sData[*ai+*bankOffsetA] = gIdata[*memAi]

	if isNP2 { // compile-time decision
		if *bi < n {
			sData[*bi+*bankOffsetB] = gIdata[*memBi]
		} else {
			sData[*bi+*bankOffsetB] = 0
		}
	} else {
		sData[*bi+*bankOffsetB] = gIdata[*memBi]
	}
}

// storeSharedChunkToMem is storeSharedChunkToMem<isNP2>: after a barrier,
// each thread stores its two elements back, the second only below n when
// isNP2.
func storeSharedChunkToMem(t *gocuda.Thread, gOdata []uint32,
	sData []uint32,
	n int,
	ai, bi int,
	memAi, memBi int,
	bankOffsetA, bankOffsetB int, isNP2 bool) {
	t.SyncThreads()

	// write results to global memory
	gOdata[memAi] = sData[ai+bankOffsetA]
	if isNP2 { // compile-time decision
		if bi < n {
			gOdata[memBi] = sData[bi+bankOffsetB]
		}
	} else {
		gOdata[memBi] = sData[bi+bankOffsetB]
	}
}

// clearLastElement is clearLastElement<storeSum>: thread 0 saves the
// block's total to gBlockSums[blockIndex] when storeSum, and zeroes the
// last element.
func clearLastElement(t *gocuda.Thread, sData []uint32,
	gBlockSums []uint32,
	blockIndex int, storeSum bool) {
	if t.ThreadIdx.X == 0 {
		index := (t.BlockDim.X << 1) - 1
		index += conflictFreeOffset(index)

		if storeSum { // compile-time decision
			// write this block's total sum to the corresponding index in the blockSums array
			gBlockSums[blockIndex] = sData[index]
		}

		// zero the last element in the scan so it will propagate back to the front
		sData[index] = 0
	}
}

// buildSum is buildSum: the up-sweep, a barrier before each level; it
// returns the final stride.
func buildSum(t *gocuda.Thread, sData []uint32) int {
	thid := t.ThreadIdx.X
	stride := 1

	// build the sum in place up the tree
	for d := t.BlockDim.X; d > 0; d >>= 1 {
		t.SyncThreads()

		if thid < d {
			i := int(intrinsic.Mul24(intrinsic.Mul24(2, int32(stride)), int32(thid)))
			ai := i + stride - 1
			bi := ai + stride

			ai += conflictFreeOffset(ai)
			bi += conflictFreeOffset(bi)

			sData[bi] += sData[ai]
		}

		stride *= 2
	}

	return stride
}

// scanRootToLeaves is scanRootToLeaves: the down-sweep, a barrier before
// each level.
func scanRootToLeaves(t *gocuda.Thread, sData []uint32, stride int) {
	thid := t.ThreadIdx.X

	// traverse down the tree building the scan in place
	for d := 1; d <= t.BlockDim.X; d *= 2 {
		stride >>= 1

		t.SyncThreads()

		if thid < d {
			i := int(intrinsic.Mul24(intrinsic.Mul24(2, int32(stride)), int32(thid)))
			ai := i + stride - 1
			bi := ai + stride

			ai += conflictFreeOffset(ai)
			bi += conflictFreeOffset(bi)

			t_ := sData[ai]
			sData[ai] = sData[bi]
			sData[bi] += t_
		}
	}
}

// prescanBlock is prescanBlock<storeSum>.
func prescanBlock(t *gocuda.Thread, data []uint32, blockIndex int, blockSums []uint32, storeSum bool) {
	stride := buildSum(t, data) // build the sum in place up the tree
	var bIndex int
	if blockIndex == 0 {
		bIndex = t.BlockIdx.X
	} else {
		bIndex = blockIndex
	}
	clearLastElement(t, data, blockSums, bIndex, storeSum)
	scanRootToLeaves(t, data, stride) // traverse down tree to build the scan
}

// PrescanKernel is prescan<storeSum, isNP2> of scanLargeArray_kernel.cu:
// the exclusive scan of each block's 2*blockDim.x elements (from baseIndex
// when it is not 0, else from the block's own offset), the block's total
// saved to gBlockSums when storeSum, the last block's n elements padded
// with zeros when isNP2. Launch it with 2*blockDim.x + 2*blockDim.x/16
// uint32s of dynamic shared memory.
//
//gocuda:kernel PrescanKernel
func prescan(t *gocuda.Thread, gOdata []uint32,
	gIdata []uint32,
	gBlockSums []uint32,
	n int,
	blockIndex int,
	baseIndex int, storeSum, isNP2 bool) {
	var ai, bi, memAi, memBi, bankOffsetA, bankOffsetB int
	sData := gocuda.DynamicShared[uint32](t)

	// load data into shared memory
	var base int
	if baseIndex == 0 {
		base = int(intrinsic.Mul24(int32(t.BlockIdx.X), int32(t.BlockDim.X<<1)))
	} else {
		base = baseIndex
	}
	loadSharedChunkFromMem(t, sData, gIdata, n,
		base,
		&ai, &bi, &memAi, &memBi,
		&bankOffsetA, &bankOffsetB, isNP2)
	// scan the data in each block
	prescanBlock(t, sData, blockIndex, gBlockSums, storeSum)
	// write results to device memory
	storeSharedChunkToMem(t, gOdata, sData, n,
		ai, bi, memAi, memBi,
		bankOffsetA, bankOffsetB, isNP2)
}

// UniformAddKernel is uniformAdd of scanLargeArray_kernel.cu: the scanned
// block sums added to each block's two elements per thread, the second
// times (threadIdx.x + blockDim.x < n).
//
//gocuda:kernel UniformAddKernel
func uniformAdd(t *gocuda.Thread, gData []uint32,
	uniforms []uint32,
	n int,
	blockOffset int,
	baseIndex int) {
	uni := gocuda.Shared[uint32](t, 1)
	if t.ThreadIdx.X == 0 {
		uni[0] = uniforms[t.BlockIdx.X+blockOffset]
	}

	address := int(intrinsic.Mul24(int32(t.BlockIdx.X), int32(t.BlockDim.X<<1))) + baseIndex + t.ThreadIdx.X

	t.SyncThreads()

	// note two adds per thread
	gData[address] += uni[0]
	gData[address+t.BlockDim.X] += uint32(b2i(t.ThreadIdx.X+t.BlockDim.X < n)) * uni[0]
}

// b2i is C's conversion of a bool to int.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
