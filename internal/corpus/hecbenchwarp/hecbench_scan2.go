package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's scan2 benchmark (zjin-lcf/HeCBench at
// f27000a, src/scan2-cuda/main.cu, after AMD APP SDK's ScanLargeArrays):
// a multi-pass scan of a large array, ScanLargeArrays scanning each block
// of block_size elements in dynamic shared memory (Hillis and Steele's
// scan, two elements a thread, two barriers a step) and keeping its sum,
// prefixSum scanning the last level in one block and blockAddition adding
// each block's offset, kept in a __shared__ scalar.

// Scan2BlockAdditionKernel is blockAddition of scan2-cuda: thread 0 reads
// the block's offset into shared memory and every thread adds it to its
// element.
//
//gocuda:kernel Scan2BlockAdditionKernel
func scan2BlockAdditionKernel(t *gocuda.Thread, input, output []float32) {
	bid := t.BlockIdx.X
	tid := t.ThreadIdx.X
	gid := bid*t.BlockDim.X + tid

	value := gocuda.Shared[float32](t, 1)

	/* Only 1 thread of a group will read from global buffer */
	if tid == 0 {
		value[0] = input[bid]
	}
	t.SyncThreads()

	output[gid] += value[0]
}

// Scan2ScanLargeArraysKernel is ScanLargeArrays of scan2-cuda: the
// exclusive scan of each block of block_size elements, the block's total
// stored in sumBuffer.
//
//gocuda:kernel Scan2ScanLargeArraysKernel
func scan2ScanLargeArraysKernel(t *gocuda.Thread, output, input []float32, blockSize uint32, sumBuffer []float32) {
	block := gocuda.DynamicShared[float32](t) // Size : block_size

	tid := t.ThreadIdx.X
	bid := t.BlockIdx.X
	gid := bid*t.BlockDim.X + tid

	/* Cache the computational window in shared memory */
	block[2*tid] = input[2*gid]
	block[2*tid+1] = input[2*gid+1]
	t.SyncThreads()

	cache0 := block[0]
	cache1 := cache0 + block[1]

	/* build the sum in place up the tree */
	for stride := 1; stride < int(blockSize); stride *= 2 {
		if 2*tid >= stride {
			cache0 = block[2*tid-stride] + block[2*tid]
			cache1 = block[2*tid+1-stride] + block[2*tid+1]
		}
		t.SyncThreads()

		block[2*tid] = cache0
		block[2*tid+1] = cache1

		t.SyncThreads()
	}

	/* store the value in sum buffer before making it to 0 */
	sumBuffer[bid] = block[blockSize-1]

	/*write the results back to global memory */
	if tid == 0 {
		output[2*gid] = 0
		output[2*gid+1] = block[2*tid]
	} else {
		output[2*gid] = block[2*tid-1]
		output[2*gid+1] = block[2*tid]
	}
}

// Scan2PrefixSumKernel is prefixSum of scan2-cuda: ScanLargeArrays
// without the block sums, for the one block of the last level.
//
//gocuda:kernel Scan2PrefixSumKernel
func scan2PrefixSumKernel(t *gocuda.Thread, output, input []float32, blockSize uint32) {
	tid := t.ThreadIdx.X
	bid := t.BlockIdx.X
	gid := bid*t.BlockDim.X + tid

	block := gocuda.DynamicShared[float32](t)

	/* Cache the computational window in shared memory */
	block[2*tid] = input[2*gid]
	block[2*tid+1] = input[2*gid+1]
	t.SyncThreads()

	cache0 := block[0]
	cache1 := cache0 + block[1]

	/* build the sum in place up the tree */
	for stride := 1; stride < int(blockSize); stride *= 2 {
		if 2*tid >= stride {
			cache0 = block[2*tid-stride] + block[2*tid]
			cache1 = block[2*tid+1-stride] + block[2*tid+1]
		}
		t.SyncThreads()

		block[2*tid] = cache0
		block[2*tid+1] = cache1

		t.SyncThreads()
	}

	/*write the results back to global memory */
	if tid == 0 {
		output[2*gid] = 0
		output[2*gid+1] = block[2*tid]
	} else {
		output[2*gid] = block[2*tid-1]
		output[2*gid+1] = block[2*tid]
	}
}
