package hecbenchltoz

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's radixsort benchmark (zjin-lcf/HeCBench at
// f27000a, src/radixsort-cuda, NVIDIA's OpenCL SDK radix sort as the CUDA
// port keeps it): Scan_kernels.cu's scanExclusiveLocal1K,
// scanExclusiveLocal2K and uniformUpdateK with scan1Inclusive (the
// #if(1) branch: a barrier loop in a __device__ helper), scan1Exclusive,
// scan4Inclusive and scan4Exclusive, and RadixSort_kernels.cu's
// findRadixOffsetsK and reorderDataKeysOnlyK.

// Scan.h's WORKGROUP_SIZE and RadixSort.h's CTA_SIZE.
const (
	radixWorkgroupSize = 256
	radixCTASize       = 128
)

// Uint4 is CUDA's uint4.
type Uint4 struct{ X, Y, Z, W uint32 }

// Uint2 is CUDA's uint2.
type Uint2 struct{ X, Y uint32 }

// makeUint4 is make_uint4 of one value.
func makeUint4(v uint32) Uint4 { return Uint4{v, v, v, v} }

// addUint4 is the uint4 operator+.
func addUint4(a, b Uint4) Uint4 { return Uint4{a.X + b.X, a.Y + b.Y, a.Z + b.Z, a.W + b.W} }

// subUint4 is the uint4 operator-.
func subUint4(a, b Uint4) Uint4 { return Uint4{a.X - b.X, a.Y - b.Y, a.Z - b.Z, a.W - b.W} }

// asUint4 is a reinterpret_cast<uint4*> of an unsigned int pointer.
func asUint4(s []uint32) []Uint4 {
	return unsafe.Slice((*Uint4)(unsafe.Pointer(&s[0])), len(s)/4)
}

// asUint2 is a reinterpret_cast<uint2*> of an unsigned int pointer.
func asUint2(s []uint32) []Uint2 {
	return unsafe.Slice((*Uint2)(unsafe.Pointer(&s[0])), len(s)/2)
}

// scan1Inclusive is scan1Inclusive of radixsort-cuda: an inclusive scan
// of idata over groups of size threads.
func scan1Inclusive(t *gocuda.Thread, idata uint32, lData []uint32, size uint32) uint32 {
	tid := uint32(t.ThreadIdx.X)
	pos := 2*tid - (tid & (size - 1))
	lData[pos] = 0
	pos += size
	lData[pos] = idata
	for offset := uint32(1); offset < size; offset <<= 1 {
		t.SyncThreads()
		t1 := lData[pos] + lData[pos-offset] // the original's t, which the thread's name takes here
		t.SyncThreads()
		lData[pos] = t1
	}
	return lData[pos]
}

// scan1Exclusive is scan1Exclusive of radixsort-cuda.
func scan1Exclusive(t *gocuda.Thread, idata uint32, lData []uint32, size uint32) uint32 {
	return scan1Inclusive(t, idata, lData, size) - idata
}

// scan4Inclusive is scan4Inclusive of radixsort-cuda.
func scan4Inclusive(t *gocuda.Thread, data4 Uint4, lData []uint32, size uint32) Uint4 {
	data4.Y += data4.X
	data4.Z += data4.Y
	data4.W += data4.Z
	val := scan1Inclusive(t, data4.W, lData, size/4) - data4.W
	return addUint4(data4, makeUint4(val))
}

// scan4Exclusive is scan4Exclusive of radixsort-cuda.
func scan4Exclusive(t *gocuda.Thread, data4 Uint4, lData []uint32, size uint32) Uint4 {
	return subUint4(scan4Inclusive(t, data4, lData, size), data4)
}

// ScanExclusiveLocal1Kernel is scanExclusiveLocal1K of radixsort-cuda:
// exclusive scans of arrays of size elements, four a thread.
//
//gocuda:kernel ScanExclusiveLocal1Kernel
func scanExclusiveLocal1Kernel(t *gocuda.Thread, dDst, dSrc []uint32, size uint32) {
	lData := gocuda.Shared[uint32](t, 2*radixWorkgroupSize)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	idata4 := asUint4(dSrc)[i]
	odata4 := scan4Exclusive(t, idata4, lData, size)
	asUint4(dDst)[i] = odata4
}

// ScanExclusiveLocal2Kernel is scanExclusiveLocal2K of radixsort-cuda:
// the exclusive scan of the totals of the arrays of 4·WORKGROUP_SIZE
// that scanExclusiveLocal1K scanned.
//
//gocuda:kernel ScanExclusiveLocal2Kernel
func scanExclusiveLocal2Kernel(t *gocuda.Thread, dBuf, dDst, dSrc []uint32, N, arrayLength uint32) {
	lData := gocuda.Shared[uint32](t, 2*radixWorkgroupSize)
	data := uint32(0)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if uint32(i) < N {
		data = dDst[(4*radixWorkgroupSize-1)+(4*radixWorkgroupSize)*i] +
			dSrc[(4*radixWorkgroupSize-1)+(4*radixWorkgroupSize)*i]
	}
	odata := scan1Exclusive(t, data, lData, arrayLength)
	if uint32(i) < N {
		dBuf[i] = odata
	}
}

// UniformUpdateKernel is uniformUpdateK of radixsort-cuda: block b adds
// dBuf[b] to its 4·WORKGROUP_SIZE elements.
//
//gocuda:kernel UniformUpdateKernel
func uniformUpdateKernel(t *gocuda.Thread, dData, dBuf []uint32) {
	buf := gocuda.Shared[uint32](t, 1)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	data4 := asUint4(dData)[i]
	if t.ThreadIdx.X == 0 {
		buf[0] = dBuf[t.BlockIdx.X]
	}
	t.SyncThreads()
	data4 = addUint4(data4, makeUint4(buf[0]))
	asUint4(dData)[i] = data4
}

// FindRadixOffsetsKernel is findRadixOffsetsK of radixsort-cuda: for a
// block's 2·CTA_SIZE keys, sorted by their 4-bit digit at startbit, the
// start of each digit's run (blockOffsets) and its length (counters,
// digit-major).
//
//gocuda:kernel FindRadixOffsetsKernel
func findRadixOffsetsKernel(t *gocuda.Thread, keys, counters, blockOffsets []uint32, startbit, totalBlocks uint32) {
	sStartPointers := gocuda.Shared[uint32](t, 16)
	sRadix1 := gocuda.Shared[uint32](t, 2*radixCTASize)

	groupID := uint32(t.BlockIdx.X)
	localID := uint32(t.ThreadIdx.X)
	groupSize := uint32(t.BlockDim.X)

	globalID := groupID*groupSize + localID

	radix2 := asUint2(keys)[globalID]

	sRadix1[2*localID] = (radix2.X >> startbit) & 0xF
	sRadix1[2*localID+1] = (radix2.Y >> startbit) & 0xF

	// Finds the position where the sRadix1 entries differ and stores start
	// index for each radix.
	if localID < 16 {
		sStartPointers[localID] = 0
	}
	t.SyncThreads()

	if (localID > 0) && (sRadix1[localID] != sRadix1[localID-1]) {
		sStartPointers[sRadix1[localID]] = localID
	}
	if sRadix1[localID+groupSize] != sRadix1[localID+groupSize-1] {
		sStartPointers[sRadix1[localID+groupSize]] = localID + groupSize
	}
	t.SyncThreads()

	if localID < 16 {
		blockOffsets[groupID*16+localID] = sStartPointers[localID]
	}
	t.SyncThreads()

	// Compute the sizes of each block.
	if (localID > 0) && (sRadix1[localID] != sRadix1[localID-1]) {
		sStartPointers[sRadix1[localID-1]] =
			localID - sStartPointers[sRadix1[localID-1]]
	}
	if sRadix1[localID+groupSize] != sRadix1[localID+groupSize-1] {
		sStartPointers[sRadix1[localID+groupSize-1]] =
			localID + groupSize - sStartPointers[sRadix1[localID+groupSize-1]]
	}

	if localID == groupSize-1 {
		sStartPointers[sRadix1[2*groupSize-1]] =
			2*groupSize - sStartPointers[sRadix1[2*groupSize-1]]
	}
	t.SyncThreads()

	if localID < 16 {
		counters[localID*totalBlocks+groupID] = sStartPointers[localID]
	}
}

// ReorderDataKeysOnlyKernel is reorderDataKeysOnlyK of radixsort-cuda:
// each of a block's 2·CTA_SIZE keys goes to its digit's global offset
// plus its rank in the block's run of that digit.
//
//gocuda:kernel ReorderDataKeysOnlyKernel
func reorderDataKeysOnlyKernel(t *gocuda.Thread, outKeys, keys, blockOffsets, offsets []uint32, startbit, numElements, totalBlocks uint32) {
	sOffsets := gocuda.Shared[uint32](t, 16)
	sBlockOffsets := gocuda.Shared[uint32](t, 16)
	sKeys2 := gocuda.Shared[Uint2](t, radixCTASize)
	sKeys1 := unsafe.Slice((*uint32)(unsafe.Pointer(&sKeys2[0])), 2*len(sKeys2))

	groupID := uint32(t.BlockIdx.X)
	localID := uint32(t.ThreadIdx.X)
	groupSize := uint32(t.BlockDim.X)

	globalID := groupID*groupSize + localID

	sKeys2[localID] = asUint2(keys)[globalID]

	if localID < 16 {
		sOffsets[localID] = offsets[localID*totalBlocks+groupID]
		sBlockOffsets[localID] = blockOffsets[groupID*16+localID]
	}
	t.SyncThreads()

	radix := (sKeys1[localID] >> startbit) & 0xF
	globalOffset := sOffsets[radix] + localID - sBlockOffsets[radix]

	if globalOffset < numElements {
		outKeys[globalOffset] = sKeys1[localID]
	}

	radix = (sKeys1[localID+groupSize] >> startbit) & 0xF
	globalOffset = sOffsets[radix] + localID + groupSize - sBlockOffsets[radix]

	if globalOffset < numElements {
		outKeys[globalOffset] = sKeys1[localID+groupSize]
	}
}
