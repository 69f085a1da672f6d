package corpus

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the sorting networks of NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/sortingNetworks (bitonicSort.cu,
// oddEvenMergeSort.cu, sortingNetworks_common.cuh): key-value sorts of
// power-of-two arrays, dir 1 ascending, 0 descending. The shared-memory
// kernels take SHARED_SIZE_LIMIT elements per block of
// SHARED_SIZE_LIMIT/2 threads. The sample's d_Src += offset pointer
// arithmetic is an offset into the slices.

// sharedSizeLimit is SHARED_SIZE_LIMIT.
const sharedSizeLimit = 1024

// comparator is the common Comparator: the pair swapped when its order
// disagrees with dir.
func comparator(keyA, valA, keyB, valB *uint32, dir uint32) {
	var t uint32
	if b2u(*keyA > *keyB) == dir {
		t = *keyA
		*keyA = *keyB
		*keyB = t
		t = *valA
		*valA = *valB
		*valB = t
	}
}

// BitonicSortSharedKernel is bitonicSortShared of bitonicSort.cu: a whole
// bitonic sort of arrays of arrayLength <= SHARED_SIZE_LIMIT in shared
// memory, a block sync before every compare-exchange step.
//
//gocuda:kernel BitonicSortSharedKernel
func bitonicSortShared(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength int, dir uint32) {
	cta := cg.ThisThreadBlock(t)
	sKey := gocuda.Shared[uint32](t, sharedSizeLimit)
	sVal := gocuda.Shared[uint32](t, sharedSizeLimit)

	// Offset to the beginning of subbatch and load data
	off := t.BlockIdx.X*sharedSizeLimit + t.ThreadIdx.X
	sKey[t.ThreadIdx.X+0] = dSrcKey[off+0]
	sVal[t.ThreadIdx.X+0] = dSrcVal[off+0]
	sKey[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcKey[off+(sharedSizeLimit/2)]
	sVal[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcVal[off+(sharedSizeLimit/2)]

	for size := 2; size < arrayLength; size <<= 1 {
		// Bitonic merge
		ddd := dir ^ b2u((t.ThreadIdx.X&(size/2)) != 0)

		for stride := size / 2; stride > 0; stride >>= 1 {
			cta.Sync()
			pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (stride - 1))
			comparator(&sKey[pos+0], &sVal[pos+0], &sKey[pos+stride], &sVal[pos+stride], ddd)
		}
	}

	// ddd == dir for the last bitonic merge step
	{
		for stride := arrayLength / 2; stride > 0; stride >>= 1 {
			cta.Sync()
			pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (stride - 1))
			comparator(&sKey[pos+0], &sVal[pos+0], &sKey[pos+stride], &sVal[pos+stride], dir)
		}
	}

	cta.Sync()
	dDstKey[off+0] = sKey[t.ThreadIdx.X+0]
	dDstVal[off+0] = sVal[t.ThreadIdx.X+0]
	dDstKey[off+(sharedSizeLimit/2)] = sKey[t.ThreadIdx.X+(sharedSizeLimit/2)]
	dDstVal[off+(sharedSizeLimit/2)] = sVal[t.ThreadIdx.X+(sharedSizeLimit/2)]
}

// BitonicSortShared1Kernel is bitonicSortShared1 of bitonicSort.cu: the
// bottom level of the large-array sort, SHARED_SIZE_LIMIT-element runs
// sorted in directions alternating with the block.
//
//gocuda:kernel BitonicSortShared1Kernel
func bitonicSortShared1(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32) {
	cta := cg.ThisThreadBlock(t)
	sKey := gocuda.Shared[uint32](t, sharedSizeLimit)
	sVal := gocuda.Shared[uint32](t, sharedSizeLimit)

	off := t.BlockIdx.X*sharedSizeLimit + t.ThreadIdx.X
	sKey[t.ThreadIdx.X+0] = dSrcKey[off+0]
	sVal[t.ThreadIdx.X+0] = dSrcVal[off+0]
	sKey[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcKey[off+(sharedSizeLimit/2)]
	sVal[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcVal[off+(sharedSizeLimit/2)]

	for size := 2; size < sharedSizeLimit; size <<= 1 {
		// Bitonic merge
		ddd := b2u((t.ThreadIdx.X & (size / 2)) != 0)

		for stride := size / 2; stride > 0; stride >>= 1 {
			cta.Sync()
			pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (stride - 1))
			comparator(&sKey[pos+0], &sVal[pos+0], &sKey[pos+stride], &sVal[pos+stride], ddd)
		}
	}

	// Odd / even arrays of SHARED_SIZE_LIMIT elements sorted in opposite directions
	ddd := uint32(t.BlockIdx.X & 1)
	{
		for stride := sharedSizeLimit / 2; stride > 0; stride >>= 1 {
			cta.Sync()
			pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (stride - 1))
			comparator(&sKey[pos+0], &sVal[pos+0], &sKey[pos+stride], &sVal[pos+stride], ddd)
		}
	}

	cta.Sync()
	dDstKey[off+0] = sKey[t.ThreadIdx.X+0]
	dDstVal[off+0] = sVal[t.ThreadIdx.X+0]
	dDstKey[off+(sharedSizeLimit/2)] = sKey[t.ThreadIdx.X+(sharedSizeLimit/2)]
	dDstVal[off+(sharedSizeLimit/2)] = sVal[t.ThreadIdx.X+(sharedSizeLimit/2)]
}

// BitonicMergeGlobalKernel is bitonicMergeGlobal of bitonicSort.cu: one
// compare-exchange per thread in global memory, for strides of
// SHARED_SIZE_LIMIT and more.
//
//gocuda:kernel BitonicMergeGlobalKernel
func bitonicMergeGlobal(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength, size, stride int, dir uint32) {
	globalComparatorI := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	comparatorI := globalComparatorI & (arrayLength/2 - 1)

	// Bitonic merge
	ddd := dir ^ b2u((comparatorI&(size/2)) != 0)
	pos := 2*globalComparatorI - (globalComparatorI & (stride - 1))

	keyA := dSrcKey[pos+0]
	valA := dSrcVal[pos+0]
	keyB := dSrcKey[pos+stride]
	valB := dSrcVal[pos+stride]

	comparator(&keyA, &valA, &keyB, &valB, ddd)

	dDstKey[pos+0] = keyA
	dDstVal[pos+0] = valA
	dDstKey[pos+stride] = keyB
	dDstVal[pos+stride] = valB
}

// BitonicMergeSharedKernel is bitonicMergeShared of bitonicSort.cu: the
// merge steps with strides below SHARED_SIZE_LIMIT, combined in shared
// memory.
//
//gocuda:kernel BitonicMergeSharedKernel
func bitonicMergeShared(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength, size int, dir uint32) {
	cta := cg.ThisThreadBlock(t)
	sKey := gocuda.Shared[uint32](t, sharedSizeLimit)
	sVal := gocuda.Shared[uint32](t, sharedSizeLimit)

	off := t.BlockIdx.X*sharedSizeLimit + t.ThreadIdx.X
	sKey[t.ThreadIdx.X+0] = dSrcKey[off+0]
	sVal[t.ThreadIdx.X+0] = dSrcVal[off+0]
	sKey[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcKey[off+(sharedSizeLimit/2)]
	sVal[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcVal[off+(sharedSizeLimit/2)]

	// Bitonic merge
	comparatorI := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) & ((arrayLength / 2) - 1)
	ddd := dir ^ b2u((comparatorI&(size/2)) != 0)

	for stride := sharedSizeLimit / 2; stride > 0; stride >>= 1 {
		cta.Sync()
		pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (stride - 1))
		comparator(&sKey[pos+0], &sVal[pos+0], &sKey[pos+stride], &sVal[pos+stride], ddd)
	}

	cta.Sync()
	dDstKey[off+0] = sKey[t.ThreadIdx.X+0]
	dDstVal[off+0] = sVal[t.ThreadIdx.X+0]
	dDstKey[off+(sharedSizeLimit/2)] = sKey[t.ThreadIdx.X+(sharedSizeLimit/2)]
	dDstVal[off+(sharedSizeLimit/2)] = sVal[t.ThreadIdx.X+(sharedSizeLimit/2)]
}

// OddEvenMergeSortSharedKernel is oddEvenMergeSortShared of
// oddEvenMergeSort.cu: Batcher's odd-even merge sort of arrays of
// arrayLength <= SHARED_SIZE_LIMIT in shared memory.
//
//gocuda:kernel OddEvenMergeSortSharedKernel
func oddEvenMergeSortShared(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength int, dir uint32) {
	cta := cg.ThisThreadBlock(t)
	sKey := gocuda.Shared[uint32](t, sharedSizeLimit)
	sVal := gocuda.Shared[uint32](t, sharedSizeLimit)

	off := t.BlockIdx.X*sharedSizeLimit + t.ThreadIdx.X
	sKey[t.ThreadIdx.X+0] = dSrcKey[off+0]
	sVal[t.ThreadIdx.X+0] = dSrcVal[off+0]
	sKey[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcKey[off+(sharedSizeLimit/2)]
	sVal[t.ThreadIdx.X+(sharedSizeLimit/2)] = dSrcVal[off+(sharedSizeLimit/2)]

	for size := 2; size <= arrayLength; size <<= 1 {
		stride := size / 2
		offset := t.ThreadIdx.X & (stride - 1)

		{
			cta.Sync()
			pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (stride - 1))
			comparator(&sKey[pos+0], &sVal[pos+0], &sKey[pos+stride], &sVal[pos+stride], dir)
			stride >>= 1
		}

		for ; stride > 0; stride >>= 1 {
			cta.Sync()
			pos := 2*t.ThreadIdx.X - (t.ThreadIdx.X & (stride - 1))

			if offset >= stride {
				comparator(&sKey[pos-stride], &sVal[pos-stride], &sKey[pos+0], &sVal[pos+0], dir)
			}
		}
	}

	cta.Sync()
	dDstKey[off+0] = sKey[t.ThreadIdx.X+0]
	dDstVal[off+0] = sVal[t.ThreadIdx.X+0]
	dDstKey[off+(sharedSizeLimit/2)] = sKey[t.ThreadIdx.X+(sharedSizeLimit/2)]
	dDstVal[off+(sharedSizeLimit/2)] = sVal[t.ThreadIdx.X+(sharedSizeLimit/2)]
}

// OddEvenMergeGlobalKernel is oddEvenMergeGlobal of oddEvenMergeSort.cu:
// one odd-even merge step per launch in global memory.
//
//gocuda:kernel OddEvenMergeGlobalKernel
func oddEvenMergeGlobal(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength, size, stride int, dir uint32) {
	globalComparatorI := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	// Odd-even merge
	pos := 2*globalComparatorI - (globalComparatorI & (stride - 1))

	if stride < size/2 {
		offset := globalComparatorI & ((size / 2) - 1)

		if offset >= stride {
			keyA := dSrcKey[pos-stride]
			valA := dSrcVal[pos-stride]
			keyB := dSrcKey[pos+0]
			valB := dSrcVal[pos+0]

			comparator(&keyA, &valA, &keyB, &valB, dir)

			dDstKey[pos-stride] = keyA
			dDstVal[pos-stride] = valA
			dDstKey[pos+0] = keyB
			dDstVal[pos+0] = valB
		}
	} else {
		keyA := dSrcKey[pos+0]
		valA := dSrcVal[pos+0]
		keyB := dSrcKey[pos+stride]
		valB := dSrcVal[pos+stride]

		comparator(&keyA, &valA, &keyB, &valB, dir)

		dDstKey[pos+0] = keyA
		dDstVal[pos+0] = valA
		dDstKey[pos+stride] = keyB
		dDstVal[pos+stride] = valB
	}
}
