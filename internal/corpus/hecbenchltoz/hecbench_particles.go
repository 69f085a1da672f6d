package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's particles benchmark's sort (zjin-lcf/HeCBench
// at f27000a, src/particles-cuda/bitonicSort_kernels.cu, NVIDIA's OpenCL
// SDK bitonic sort as the CUDA port keeps it): bitonicSortLocal,
// bitonicSortLocal1, bitonicMergeGlobal and bitonicMergeLocal, with
// ComparatorPrivate and ComparatorLocal taking pointers (to registers, to
// shared memory).

// particlesLocalSizeLimit is bitonicSort.cu's LOCAL_SIZE_LIMIT.
const particlesLocalSizeLimit = 512

// comparatorPrivate is ComparatorPrivate of particles-cuda.
func comparatorPrivate(keyA, valA, keyB, valB *uint32, dir uint32) {
	if b2u(*keyA > *keyB) == dir {
		var t uint32
		t = *keyA
		*keyA = *keyB
		*keyB = t
		t = *valA
		*valA = *valB
		*valB = t
	}
}

// comparatorLocal is ComparatorLocal of particles-cuda.
func comparatorLocal(keyA, valA, keyB, valB *uint32, dir uint32) {
	if b2u(*keyA > *keyB) == dir {
		var t uint32
		t = *keyA
		*keyA = *keyB
		*keyB = t
		t = *valA
		*valA = *valB
		*valB = t
	}
}

// BitonicSortLocalKernel is bitonicSortLocal of particles-cuda: each
// block sorts LOCAL_SIZE_LIMIT keys and values in shared memory, in
// arrays of arrayLength alternating in direction.
//
//gocuda:kernel BitonicSortLocalKernel
func bitonicSortLocalKernel(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength, dir uint32) {
	lKey := gocuda.Shared[uint32](t, particlesLocalSizeLimit)
	lVal := gocuda.Shared[uint32](t, particlesLocalSizeLimit)

	//Offset to the beginning of subbatch and load data
	dSrcKey = dSrcKey[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dSrcVal = dSrcVal[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dDstKey = dDstKey[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dDstVal = dDstVal[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	lKey[t.ThreadIdx.X+0] = dSrcKey[0]
	lVal[t.ThreadIdx.X+0] = dSrcVal[0]
	lKey[t.ThreadIdx.X+(particlesLocalSizeLimit/2)] = dSrcKey[(particlesLocalSizeLimit / 2)]
	lVal[t.ThreadIdx.X+(particlesLocalSizeLimit/2)] = dSrcVal[(particlesLocalSizeLimit / 2)]

	tid := uint32(t.ThreadIdx.X)
	for size := uint32(2); size < arrayLength; size <<= 1 {
		//Bitonic merge
		ddd := dir ^ b2u((tid&(size/2)) != 0)
		for stride := size / 2; stride > 0; stride >>= 1 {
			t.SyncThreads()
			pos := 2*tid - (tid & (stride - 1))
			comparatorLocal(
				&lKey[pos+0], &lVal[pos+0],
				&lKey[pos+stride], &lVal[pos+stride],
				ddd)
		}
	}

	//ddd == dir for the last bitonic merge step
	{
		for stride := arrayLength / 2; stride > 0; stride >>= 1 {
			t.SyncThreads()
			pos := 2*tid - (tid & (stride - 1))
			comparatorLocal(
				&lKey[pos+0], &lVal[pos+0],
				&lKey[pos+stride], &lVal[pos+stride],
				dir)
		}
	}

	t.SyncThreads()
	dDstKey[0] = lKey[t.ThreadIdx.X+0]
	dDstVal[0] = lVal[t.ThreadIdx.X+0]
	dDstKey[(particlesLocalSizeLimit / 2)] = lKey[t.ThreadIdx.X+(particlesLocalSizeLimit/2)]
	dDstVal[(particlesLocalSizeLimit / 2)] = lVal[t.ThreadIdx.X+(particlesLocalSizeLimit/2)]
}

// BitonicSortLocal1Kernel is bitonicSortLocal1 of particles-cuda: each
// block sorts its LOCAL_SIZE_LIMIT elements, odd blocks descending.
//
//gocuda:kernel BitonicSortLocal1Kernel
func bitonicSortLocal1Kernel(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32) {
	lKey := gocuda.Shared[uint32](t, particlesLocalSizeLimit)
	lVal := gocuda.Shared[uint32](t, particlesLocalSizeLimit)

	//Offset to the beginning of subarray and load data
	dSrcKey = dSrcKey[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dSrcVal = dSrcVal[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dDstKey = dDstKey[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dDstVal = dDstVal[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	lKey[t.ThreadIdx.X+0] = dSrcKey[0]
	lVal[t.ThreadIdx.X+0] = dSrcVal[0]
	lKey[t.ThreadIdx.X+(particlesLocalSizeLimit/2)] = dSrcKey[(particlesLocalSizeLimit / 2)]
	lVal[t.ThreadIdx.X+(particlesLocalSizeLimit/2)] = dSrcVal[(particlesLocalSizeLimit / 2)]

	tid := uint32(t.ThreadIdx.X)
	comparatorI := uint32(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X) & ((particlesLocalSizeLimit / 2) - 1)

	for size := uint32(2); size < particlesLocalSizeLimit; size <<= 1 {
		//Bitonic merge
		ddd := b2u((comparatorI & (size / 2)) != 0)
		for stride := size / 2; stride > 0; stride >>= 1 {
			t.SyncThreads()
			pos := 2*tid - (tid & (stride - 1))
			comparatorLocal(
				&lKey[pos+0], &lVal[pos+0],
				&lKey[pos+stride], &lVal[pos+stride],
				ddd,
			)
		}
	}

	//Odd / even arrays of LOCAL_SIZE_LIMIT elements
	//sorted in opposite directions
	{
		ddd := uint32(t.BlockIdx.X & 1)
		for stride := uint32(particlesLocalSizeLimit / 2); stride > 0; stride >>= 1 {
			t.SyncThreads()
			pos := 2*tid - (tid & (stride - 1))
			comparatorLocal(
				&lKey[pos+0], &lVal[pos+0],
				&lKey[pos+stride], &lVal[pos+stride],
				ddd,
			)
		}
	}

	t.SyncThreads()
	dDstKey[0] = lKey[t.ThreadIdx.X+0]
	dDstVal[0] = lVal[t.ThreadIdx.X+0]
	dDstKey[(particlesLocalSizeLimit / 2)] = lKey[t.ThreadIdx.X+(particlesLocalSizeLimit/2)]
	dDstVal[(particlesLocalSizeLimit / 2)] = lVal[t.ThreadIdx.X+(particlesLocalSizeLimit/2)]
}

// BitonicMergeGlobalKernel is bitonicMergeGlobal of particles-cuda: one
// global step of stride of the bitonic merge of size.
//
//gocuda:kernel BitonicMergeGlobalKernel
func bitonicMergeGlobalKernel(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength, size, stride, dir uint32) {
	globalComparatorI := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	comparatorI := globalComparatorI & (arrayLength/2 - 1)

	//Bitonic merge
	ddd := dir ^ b2u((comparatorI&(size/2)) != 0)
	pos := 2*globalComparatorI - (globalComparatorI & (stride - 1))

	keyA := dSrcKey[pos+0]
	valA := dSrcVal[pos+0]
	keyB := dSrcKey[pos+stride]
	valB := dSrcVal[pos+stride]

	comparatorPrivate(
		&keyA, &valA,
		&keyB, &valB,
		ddd)

	dDstKey[pos+0] = keyA
	dDstVal[pos+0] = valA
	dDstKey[pos+stride] = keyB
	dDstVal[pos+stride] = valB
}

// BitonicMergeLocalKernel is bitonicMergeLocal of particles-cuda: the
// steps of stride below LOCAL_SIZE_LIMIT of the bitonic merge of size,
// in shared memory.
//
//gocuda:kernel BitonicMergeLocalKernel
func bitonicMergeLocalKernel(t *gocuda.Thread, dDstKey, dDstVal, dSrcKey, dSrcVal []uint32, arrayLength, size, stride, dir uint32) {
	lKey := gocuda.Shared[uint32](t, particlesLocalSizeLimit)
	lVal := gocuda.Shared[uint32](t, particlesLocalSizeLimit)

	dSrcKey = dSrcKey[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dSrcVal = dSrcVal[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dDstKey = dDstKey[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	dDstVal = dDstVal[t.BlockIdx.X*particlesLocalSizeLimit+t.ThreadIdx.X:]
	lKey[t.ThreadIdx.X+0] = dSrcKey[0]
	lVal[t.ThreadIdx.X+0] = dSrcVal[0]
	lKey[t.ThreadIdx.X+(particlesLocalSizeLimit/2)] = dSrcKey[(particlesLocalSizeLimit / 2)]
	lVal[t.ThreadIdx.X+(particlesLocalSizeLimit/2)] = dSrcVal[(particlesLocalSizeLimit / 2)]

	//Bitonic merge
	tid := uint32(t.ThreadIdx.X)
	comparatorI := uint32(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X) & ((arrayLength / 2) - 1)
	ddd := dir ^ b2u((comparatorI&(size/2)) != 0)
	for ; stride > 0; stride >>= 1 {
		t.SyncThreads()
		pos := 2*tid - (tid & (stride - 1))
		comparatorLocal(
			&lKey[pos+0], &lVal[pos+0],
			&lKey[pos+stride], &lVal[pos+stride],
			ddd)
	}

	t.SyncThreads()
	dDstKey[0] = lKey[t.ThreadIdx.X+0]
	dDstVal[0] = lVal[t.ThreadIdx.X+0]
	dDstKey[(particlesLocalSizeLimit / 2)] = lKey[t.ThreadIdx.X+(particlesLocalSizeLimit/2)]
	dDstVal[(particlesLocalSizeLimit / 2)] = lVal[t.ThreadIdx.X+(particlesLocalSizeLimit/2)]
}
