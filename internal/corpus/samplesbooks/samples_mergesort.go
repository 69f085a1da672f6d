package samplesbooks

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds the kernels of NVIDIA/cuda-samples' 0_Introduction/
// mergeSort (at c94ff366), Satish, Harris and Garland's merge sort:
// mergeSort.cu's mergeSortSharedKernel, generateSampleRanksKernel,
// mergeRanksAndIndicesKernel and mergeElementaryIntervalsKernel, and
// bitonic.cu's bitonicMergeElementaryIntervalsKernel (its
// bitonicSortSharedKernel is sortingNetworks' bitonicSortShared, which
// package corpus ports). The template parameter sortDir is an argument;
// uint is uint32; a C++ reference parameter is a pointer.

// msSharedSizeLimit and msSampleStride are mergeSort_common.h's
// SHARED_SIZE_LIMIT and SAMPLE_STRIDE.
const (
	msSharedSizeLimit = 1024
	msSampleStride    = 128
)

// msIDivUp is iDivUp of mergeSort.cu.
func msIDivUp(a, b uint32) uint32 {
	if a%b == 0 {
		return a / b
	}
	return a/b + 1
}

// getSampleCount is getSampleCount of mergeSort.cu.
func getSampleCount(dividend uint32) uint32 { return msIDivUp(dividend, msSampleStride) }

// nextPowerOfTwo is nextPowerOfTwo of mergeSort.cu, by count of leading
// zeros (W is 32).
func nextPowerOfTwo(x uint32) uint32 {
	return 1 << (32 - uint32(intrinsic.Clz(int32(x-1))))
}

// binarySearchInclusive is binarySearchInclusive<sortDir> of mergeSort.cu:
// the number of the first L elements of data ordered before or equal to val.
func binarySearchInclusive(sortDir, val uint32, data []uint32, L, stride uint32) uint32 {
	if L == 0 {
		return 0
	}

	pos := uint32(0)

	for ; stride > 0; stride >>= 1 {
		newPos := min(pos+stride, L)

		if (sortDir != 0 && (data[newPos-1] <= val)) || (sortDir == 0 && (data[newPos-1] >= val)) {
			pos = newPos
		}
	}

	return pos
}

// binarySearchExclusive is binarySearchExclusive<sortDir> of mergeSort.cu:
// the number of the first L elements of data ordered strictly before val.
func binarySearchExclusive(sortDir, val uint32, data []uint32, L, stride uint32) uint32 {
	if L == 0 {
		return 0
	}

	pos := uint32(0)

	for ; stride > 0; stride >>= 1 {
		newPos := min(pos+stride, L)

		if (sortDir != 0 && (data[newPos-1] < val)) || (sortDir == 0 && (data[newPos-1] > val)) {
			pos = newPos
		}
	}

	return pos
}

// MergeSortSharedKernel is mergeSortSharedKernel<sortDir> of mergeSort.cu:
// each block sorts SHARED_SIZE_LIMIT keys (with their values) in shared
// memory, merging runs of doubling length by binary search, two barriers a
// pass.
//
//gocuda:kernel MergeSortSharedKernel
func mergeSortSharedKernel(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength, sortDir uint32) {
	cta := cg.ThisThreadBlock(t)
	sKey := gocuda.Shared[uint32](t, msSharedSizeLimit)
	sVal := gocuda.Shared[uint32](t, msSharedSizeLimit)

	tx := uint32(t.ThreadIdx.X)
	off := uint32(t.BlockIdx.X)*msSharedSizeLimit + tx
	dSrcKey = dSrcKey[off:]
	dSrcVal = dSrcVal[off:]
	dDstKey = dDstKey[off:]
	dDstVal = dDstVal[off:]
	sKey[tx+0] = dSrcKey[0]
	sVal[tx+0] = dSrcVal[0]
	sKey[tx+(msSharedSizeLimit/2)] = dSrcKey[(msSharedSizeLimit / 2)]
	sVal[tx+(msSharedSizeLimit/2)] = dSrcVal[(msSharedSizeLimit / 2)]

	for stride := uint32(1); stride < arrayLength; stride <<= 1 {
		lPos := tx & (stride - 1)
		baseKey := sKey[2*(tx-lPos):]
		baseVal := sVal[2*(tx-lPos):]

		cta.Sync()
		keyA := baseKey[lPos+0]
		valA := baseVal[lPos+0]
		keyB := baseKey[lPos+stride]
		valB := baseVal[lPos+stride]
		posA := binarySearchExclusive(sortDir, keyA, baseKey[stride:], stride, stride) + lPos
		posB := binarySearchInclusive(sortDir, keyB, baseKey[0:], stride, stride) + lPos

		cta.Sync()
		baseKey[posA] = keyA
		baseVal[posA] = valA
		baseKey[posB] = keyB
		baseVal[posB] = valB
	}

	cta.Sync()
	dDstKey[0] = sKey[tx+0]
	dDstVal[0] = sVal[tx+0]
	dDstKey[(msSharedSizeLimit / 2)] = sKey[tx+(msSharedSizeLimit/2)]
	dDstVal[(msSharedSizeLimit / 2)] = sVal[tx+(msSharedSizeLimit/2)]
}

// GenerateSampleRanksKernel is generateSampleRanksKernel<sortDir> of
// mergeSort.cu: one thread a sample (every SAMPLE_STRIDE-th key) of a pair
// of sorted runs, its rank in its own run and, by binary search, in the
// other; threads past threadCount return at once.
//
//gocuda:kernel GenerateSampleRanksKernel
func generateSampleRanksKernel(t *gocuda.Thread, dRanksA, dRanksB, dSrcKey []uint32, stride, N, threadCount, sortDir uint32) {
	pos := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	if pos >= threadCount {
		return
	}

	i := pos & ((stride / msSampleStride) - 1)
	segmentBase := (pos - i) * (2 * msSampleStride)
	dSrcKey = dSrcKey[segmentBase:]
	dRanksA = dRanksA[segmentBase/msSampleStride:]
	dRanksB = dRanksB[segmentBase/msSampleStride:]

	segmentElementsA := stride
	segmentElementsB := min(stride, N-segmentBase-stride)
	segmentSamplesA := getSampleCount(segmentElementsA)
	segmentSamplesB := getSampleCount(segmentElementsB)

	if i < segmentSamplesA {
		dRanksA[i] = i * msSampleStride
		dRanksB[i] = binarySearchExclusive(sortDir,
			dSrcKey[i*msSampleStride], dSrcKey[stride:], segmentElementsB, nextPowerOfTwo(segmentElementsB))
	}

	if i < segmentSamplesB {
		dRanksB[(stride/msSampleStride)+i] = i * msSampleStride
		dRanksA[(stride/msSampleStride)+i] = binarySearchInclusive(sortDir,
			dSrcKey[stride+i*msSampleStride], dSrcKey[0:], segmentElementsA, nextPowerOfTwo(segmentElementsA))
	}
}

// MergeRanksAndIndicesKernel is mergeRanksAndIndicesKernel of
// mergeSort.cu: merges the two sorted lists of sample ranks of a pair of
// runs into the limits of its elementary intervals.
//
//gocuda:kernel MergeRanksAndIndicesKernel
func mergeRanksAndIndicesKernel(t *gocuda.Thread, dLimits, dRanks []uint32, stride, N, threadCount uint32) {
	pos := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	if pos >= threadCount {
		return
	}

	i := pos & ((stride / msSampleStride) - 1)
	segmentBase := (pos - i) * (2 * msSampleStride)
	dRanks = dRanks[(pos-i)*2:]
	dLimits = dLimits[(pos-i)*2:]

	segmentElementsA := stride
	segmentElementsB := min(stride, N-segmentBase-stride)
	segmentSamplesA := getSampleCount(segmentElementsA)
	segmentSamplesB := getSampleCount(segmentElementsB)

	if i < segmentSamplesA {
		dstPos := binarySearchExclusive(1,
			dRanks[i], dRanks[segmentSamplesA:], segmentSamplesB, nextPowerOfTwo(segmentSamplesB)) + i
		dLimits[dstPos] = dRanks[i]
	}

	if i < segmentSamplesB {
		dstPos := binarySearchInclusive(1,
			dRanks[segmentSamplesA+i], dRanks, segmentSamplesA, nextPowerOfTwo(segmentSamplesA)) + i
		dLimits[dstPos] = dRanks[segmentSamplesA+i]
	}
}

// msMerge is merge<sortDir> of mergeSort.cu: threads below lenA place an
// element of A, threads below lenB one of B, each at its rank in the
// merged sequence; a barrier between the reads and the writes.
func msMerge(t *gocuda.Thread, dstKey, dstVal, srcAKey, srcAVal, srcBKey, srcBVal []uint32, lenA, nPowTwoLenA, lenB, nPowTwoLenB uint32, cta cg.ThreadBlock, sortDir uint32) {
	var keyA, valA, keyB, valB, dstPosA, dstPosB uint32
	tx := uint32(t.ThreadIdx.X)

	if tx < lenA {
		keyA = srcAKey[tx]
		valA = srcAVal[tx]
		dstPosA = binarySearchExclusive(sortDir, keyA, srcBKey, lenB, nPowTwoLenB) + tx
	}

	if tx < lenB {
		keyB = srcBKey[tx]
		valB = srcBVal[tx]
		dstPosB = binarySearchInclusive(sortDir, keyB, srcAKey, lenA, nPowTwoLenA) + tx
	}

	cta.Sync()

	if tx < lenA {
		dstKey[dstPosA] = keyA
		dstVal[dstPosA] = valA
	}

	if tx < lenB {
		dstKey[dstPosB] = keyB
		dstVal[dstPosB] = valB
	}
}

// MergeElementaryIntervalsKernel is mergeElementaryIntervalsKernel<sortDir>
// of mergeSort.cu: one block an elementary interval, its bounds computed
// by thread 0 into shared scalars, the two pieces merged in shared memory.
//
//gocuda:kernel MergeElementaryIntervalsKernel
func mergeElementaryIntervalsKernel(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal, dLimitsA, dLimitsB []uint32, stride, N, sortDir uint32) {
	cta := cg.ThisThreadBlock(t)
	sKey := gocuda.Shared[uint32](t, 2*msSampleStride)
	sVal := gocuda.Shared[uint32](t, 2*msSampleStride)

	bx := uint32(t.BlockIdx.X)
	tx := uint32(t.ThreadIdx.X)
	intervalI := bx & ((2*stride)/msSampleStride - 1)
	segmentBase := (bx - intervalI) * msSampleStride
	dSrcKey = dSrcKey[segmentBase:]
	dSrcVal = dSrcVal[segmentBase:]
	dDstKey = dDstKey[segmentBase:]
	dDstVal = dDstVal[segmentBase:]

	startSrcA := gocuda.Shared[uint32](t, 1)
	startSrcB := gocuda.Shared[uint32](t, 1)
	lenSrcA := gocuda.Shared[uint32](t, 1)
	lenSrcB := gocuda.Shared[uint32](t, 1)
	startDstA := gocuda.Shared[uint32](t, 1)
	startDstB := gocuda.Shared[uint32](t, 1)

	if tx == 0 {
		segmentElementsA := stride
		segmentElementsB := min(stride, N-segmentBase-stride)
		segmentSamplesA := getSampleCount(segmentElementsA)
		segmentSamplesB := getSampleCount(segmentElementsB)
		segmentSamples := segmentSamplesA + segmentSamplesB

		startSrcA[0] = dLimitsA[bx]
		startSrcB[0] = dLimitsB[bx]
		endSrcA := segmentElementsA
		endSrcB := segmentElementsB
		if intervalI+1 < segmentSamples {
			endSrcA = dLimitsA[bx+1]
			endSrcB = dLimitsB[bx+1]
		}
		lenSrcA[0] = endSrcA - startSrcA[0]
		lenSrcB[0] = endSrcB - startSrcB[0]
		startDstA[0] = startSrcA[0] + startSrcB[0]
		startDstB[0] = startDstA[0] + lenSrcA[0]
	}

	cta.Sync()

	if tx < lenSrcA[0] {
		sKey[tx+0] = dSrcKey[0+startSrcA[0]+tx]
		sVal[tx+0] = dSrcVal[0+startSrcA[0]+tx]
	}

	if tx < lenSrcB[0] {
		sKey[tx+msSampleStride] = dSrcKey[stride+startSrcB[0]+tx]
		sVal[tx+msSampleStride] = dSrcVal[stride+startSrcB[0]+tx]
	}

	cta.Sync()
	msMerge(t, sKey, sVal, sKey[0:], sVal[0:], sKey[msSampleStride:], sVal[msSampleStride:],
		lenSrcA[0], msSampleStride, lenSrcB[0], msSampleStride, cta, sortDir)

	cta.Sync()

	if tx < lenSrcA[0] {
		dDstKey[startDstA[0]+tx] = sKey[tx]
		dDstVal[startDstA[0]+tx] = sVal[tx]
	}

	if tx < lenSrcB[0] {
		dDstKey[startDstB[0]+tx] = sKey[lenSrcA[0]+tx]
		dDstVal[startDstB[0]+tx] = sVal[lenSrcA[0]+tx]
	}
}

// comparatorExtended is ComparatorExtended<sortDir> of bitonic.cu: a
// compare-exchange that orders padding elements (flag 1) past the real
// ones, its six references to shared memory pointers.
func comparatorExtended(keyA, valA, flagA, keyB, valB, flagB *uint32, arrowDir, sortDir uint32) {
	var tt uint32

	if (!(*flagA != 0 || *flagB != 0) && ((*keyA > *keyB) == (arrowDir != 0))) || ((arrowDir == sortDir) && (*flagA == 1)) ||
		((arrowDir != sortDir) && (*flagB == 1)) {
		tt = *keyA
		*keyA = *keyB
		*keyB = tt
		tt = *valA
		*valA = *valB
		*valB = tt
		tt = *flagA
		*flagA = *flagB
		*flagB = tt
	}
}

// BitonicMergeElementaryIntervalsKernel is
// bitonicMergeElementaryIntervalsKernel<sortDir> of bitonic.cu: the same
// elementary intervals merged instead by a bitonic network over the two
// pieces (B reversed), padded to 2·SAMPLE_STRIDE with flagged elements.
//
//gocuda:kernel BitonicMergeElementaryIntervalsKernel
func bitonicMergeElementaryIntervalsKernel(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal, dLimitsA, dLimitsB []uint32, stride, N, sortDir uint32) {
	cta := cg.ThisThreadBlock(t)
	sKey := gocuda.Shared[uint32](t, 2*msSampleStride)
	sVal := gocuda.Shared[uint32](t, 2*msSampleStride)
	sInf := gocuda.Shared[uint32](t, 2*msSampleStride)

	bx := uint32(t.BlockIdx.X)
	tx := uint32(t.ThreadIdx.X)
	intervalI := bx & ((2*stride)/msSampleStride - 1)
	segmentBase := (bx - intervalI) * msSampleStride
	dSrcKey = dSrcKey[segmentBase:]
	dSrcVal = dSrcVal[segmentBase:]
	dDstKey = dDstKey[segmentBase:]
	dDstVal = dDstVal[segmentBase:]

	startSrcA := gocuda.Shared[uint32](t, 1)
	lenSrcA := gocuda.Shared[uint32](t, 1)
	startSrcB := gocuda.Shared[uint32](t, 1)
	lenSrcB := gocuda.Shared[uint32](t, 1)
	startDst := gocuda.Shared[uint32](t, 1)

	if tx == 0 {
		segmentElementsA := stride
		segmentElementsB := min(stride, N-segmentBase-stride)
		segmentSamplesA := stride / msSampleStride
		segmentSamplesB := getSampleCount(segmentElementsB)
		segmentSamples := segmentSamplesA + segmentSamplesB

		startSrcA[0] = dLimitsA[bx]
		startSrcB[0] = dLimitsB[bx]
		startDst[0] = startSrcA[0] + startSrcB[0]

		endSrcA := segmentElementsA
		endSrcB := segmentElementsB
		if intervalI+1 < segmentSamples {
			endSrcA = dLimitsA[bx+1]
			endSrcB = dLimitsB[bx+1]
		}
		lenSrcA[0] = endSrcA - startSrcA[0]
		lenSrcB[0] = endSrcB - startSrcB[0]
	}

	sInf[tx+0] = 1
	sInf[tx+msSampleStride] = 1

	cta.Sync()

	if tx < lenSrcA[0] {
		sKey[tx] = dSrcKey[0+startSrcA[0]+tx]
		sVal[tx] = dSrcVal[0+startSrcA[0]+tx]
		sInf[tx] = 0
	}

	// B goes in reversed, so that A and B form one bitonic sequence.
	if tx < lenSrcB[0] {
		sKey[2*msSampleStride-1-tx] = dSrcKey[stride+startSrcB[0]+tx]
		sVal[2*msSampleStride-1-tx] = dSrcVal[stride+startSrcB[0]+tx]
		sInf[2*msSampleStride-1-tx] = 0
	}

	for stride := uint32(msSampleStride); stride > 0; stride >>= 1 {
		cta.Sync()
		pos := 2*tx - (tx & (stride - 1))
		comparatorExtended(&sKey[pos+0], &sVal[pos+0], &sInf[pos+0],
			&sKey[pos+stride], &sVal[pos+stride], &sInf[pos+stride], sortDir, sortDir)
	}

	cta.Sync()
	dDstKey = dDstKey[startDst[0]:]
	dDstVal = dDstVal[startDst[0]:]

	if tx < lenSrcA[0] {
		dDstKey[tx] = sKey[tx]
		dDstVal[tx] = sVal[tx]
	}

	if tx < lenSrcB[0] {
		dDstKey[lenSrcA[0]+tx] = sKey[lenSrcA[0]+tx]
		dDstVal[lenSrcA[0]+tx] = sVal[lenSrcA[0]+tx]
	}
}
