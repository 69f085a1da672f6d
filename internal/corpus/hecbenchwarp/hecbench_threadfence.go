package hecbenchwarp

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's threadfence benchmark (zjin-lcf/HeCBench at
// f27000a, src/threadfence-cuda/main.cu, the CUDA C Programming Guide's
// __threadfence example): sum, where each block sums its part into a
// __shared__ float by atomicAdd, thread 0 publishes it, fences and counts
// the finished blocks, and the last block to finish sums the partial sums.
// The volatile result is a plain slice; the __shared__ bool and float are
// one-element shared arrays.

// ThreadfenceSumKernel is sum of threadfence-cuda.
//
//gocuda:kernel ThreadfenceSumKernel
func threadfenceSumKernel(t *gocuda.Thread, array []float32, N int32, count []uint32, result []float32) {
	isLastBlockDone := gocuda.Shared[bool](t, 1)
	partialSum := gocuda.Shared[float32](t, 1)

	// Each block sums a subset of the input array.
	bid := uint32(t.BlockIdx.X)
	numBlocks := uint32(t.GridDim.X)
	blockSize := uint32(t.BlockDim.X)
	lid := uint32(t.ThreadIdx.X)
	gid := bid*blockSize + lid

	if lid == 0 {
		partialSum[0] = 0
	}
	t.SyncThreads()

	if gid < uint32(N) {
		atomic.Add(&partialSum[0], array[gid])
	}

	t.SyncThreads()

	if lid == 0 {

		// Thread 0 of each block stores the partial sum
		// to global memory. The compiler will use
		// a store operation that bypasses the L1 cache
		// since the "result" variable is declared as
		// volatile. This ensures that the threads of
		// the last block will read the correct partial
		// sums computed by all other blocks.
		result[bid] = partialSum[0]

		// Thread 0 makes sure that the incrementation
		// of the "count" variable is only performed after
		// the partial sum has been written to global memory.
		atomic.ThreadFence()

		// Thread 0 signals that it is done.
		value := atomic.Add(&count[0], 1)

		// Thread 0 determines if its block is the last
		// block to be done.
		isLastBlockDone[0] = (value == (numBlocks - 1))
	}

	// Synchronize to make sure that each thread reads
	// the correct value of isLastBlockDone.
	t.SyncThreads()

	if isLastBlockDone[0] {

		// The last block sums the partial sums
		// stored in result[0 .. num_blocks-1]
		if lid == 0 {
			partialSum[0] = 0
		}
		t.SyncThreads()

		for i := int(lid); i < int(numBlocks); i += int(blockSize) {
			atomic.Add(&partialSum[0], result[i])
		}

		t.SyncThreads()

		if lid == 0 {

			// Thread 0 of last block stores the total sum
			// to global memory and resets the count
			// varialble, so that the next kernel call
			// works properly.
			result[0] = partialSum[0]
			count[0] = 0
		}
	}
}
