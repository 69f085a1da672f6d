package hecbenchrodinia

import "github.com/gocuda/gocuda/gocuda"

// This file holds the bucket sort kernels of Rodinia 3.1's hybridsort
// (yuhc/gpu-rodinia at 9c10d3e, cuda/hybridsort/bucketsort_kernel.cu):
// bucketcount assigns each element its bucket by a binary search of the
// pivots and a slot in it by addOffset, the tagged-write counter of the
// pre-atomics era (each lane writes its tag with the new count and retries
// until its own write reads back); bucketprefixoffset scans the blocks'
// counts per bucket; bucketsort scatters the elements. The pivot texture
// texPivot is an argument read as a slice; volatile shared memory is
// plain shared memory.

// bucketsort.cuh's LOG_DIVISIONS and DIVISIONS, and the kernel file's
// BUCKET_WARP_LOG_SIZE, BUCKET_WARP_N, BUCKET_THREAD_N,
// BUCKET_BLOCK_MEMORY and BUCKET_BAND.
const (
	hsLogDivisions      = 10
	hsDivisions         = 1 << hsLogDivisions
	hsBucketWarpLogSize = 5
	hsBucketWarpN       = 1
	hsBucketThreadN     = hsBucketWarpN << hsBucketWarpLogSize
	hsBucketBlockMemory = hsDivisions * hsBucketWarpN
	hsBucketBand        = 128
)

// addOffset is addOffset: the next slot of bucket data in the warp's
// counters sOffset, claimed by writing threadTag with the new count and
// retrying until the write reads back.
func addOffset(sOffset []uint32, data uint32, threadTag uint32) int {
	var count uint32

	for {
		count = sOffset[data] & 0x07FFFFFF
		count = threadTag | (count + 1)
		sOffset[data] = count
		if !(sOffset[data] != count) {
			break
		}
	}

	return int(count&0x07FFFFFF) - 1
}

// BucketcountKernel is bucketcount: each element's bucket among the
// DIVISIONS that texPivot's pivots bound, and its slot there, stored as
// slot<<LOG_DIVISIONS + bucket in indice; each block's counts go to its
// row of dPrefixoffsets. Launch it with BUCKET_THREAD_N (32) threads.
//
//gocuda:kernel BucketcountKernel
func bucketcount(t *gocuda.Thread, input []float32, indice []int32, dPrefixoffsets []uint32, size int, texPivot []float32) {
	sOffset := gocuda.Shared[uint32](t, hsBucketBlockMemory)

	threadTag := uint32(t.ThreadIdx.X) << (32 - hsBucketWarpLogSize)
	warpBase := (t.ThreadIdx.X >> hsBucketWarpLogSize) * hsDivisions
	numThreads := t.BlockDim.X * t.GridDim.X
	for i := t.ThreadIdx.X; i < hsBucketBlockMemory; i += t.BlockDim.X {
		sOffset[i] = 0
	}

	t.SyncThreads()

	for tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; tid < size; tid += numThreads {
		elem := input[tid]

		idx := hsDivisions/2 - 1
		jump := hsDivisions / 4
		piv := texPivot[idx] //s_pivotpoints[idx];

		for jump >= 1 {
			if elem < piv {
				idx = idx - jump
			} else {
				idx = idx + jump
			}
			piv = texPivot[idx] //s_pivotpoints[idx];
			jump /= 2
		}
		if !(elem < piv) {
			idx = idx + 1
		}

		indice[tid] = int32((addOffset(sOffset[warpBase:], uint32(idx), threadTag) << hsLogDivisions) + idx) //atomicInc(&offsets[idx], size + 1);
	}

	t.SyncThreads()

	prefixBase := t.BlockIdx.X * hsBucketBlockMemory

	for i := t.ThreadIdx.X; i < hsBucketBlockMemory; i += t.BlockDim.X {
		dPrefixoffsets[prefixBase+i] = sOffset[i] & 0x07FFFFFF
	}
}

// BucketprefixoffsetKernel is bucketprefixoffset: thread b replaces
// bucket b's counts in the blocks' rows by their exclusive prefix sums and
// stores the bucket's size in dOffsets[b]. Launch it with DIVISIONS
// threads in all.
//
//gocuda:kernel BucketprefixoffsetKernel
func bucketprefixoffset(t *gocuda.Thread, dPrefixoffsets []uint32, dOffsets []uint32, blocks int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	size := blocks * hsBucketBlockMemory
	sum := 0

	for i := tid; i < size; i += hsDivisions {
		x := int(dPrefixoffsets[i])
		dPrefixoffsets[i] = uint32(sum)
		sum += x
	}

	dOffsets[tid] = uint32(sum)
}

// BucketsortKernel is bucketsort: each element written to its bucket's
// start (lOffsets, from the host) plus its block's offset in the bucket
// plus its slot. Launch it as bucketcount.
//
//gocuda:kernel BucketsortKernel
func bucketsort(t *gocuda.Thread, input []float32, indice []int32, output []float32, size int, dPrefixoffsets []uint32, lOffsets []uint32) {
	sOffset := gocuda.Shared[uint32](t, hsBucketBlockMemory)

	prefixBase := t.BlockIdx.X * hsBucketBlockMemory
	warpBase := (t.ThreadIdx.X >> hsBucketWarpLogSize) * hsDivisions
	numThreads := t.BlockDim.X * t.GridDim.X
	for i := t.ThreadIdx.X; i < hsBucketBlockMemory; i += t.BlockDim.X {
		sOffset[i] = lOffsets[i&(hsDivisions-1)] + dPrefixoffsets[prefixBase+i]
	}

	t.SyncThreads()

	for tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; tid < size; tid += numThreads {

		elem := input[tid]
		id := int(indice[tid])

		output[int(sOffset[warpBase+(id&(hsDivisions-1))])+(id>>hsLogDivisions)] = elem
		test := int(sOffset[warpBase+(id&(hsDivisions-1))]) + (id >> hsLogDivisions)
		_ = test

	}
}
