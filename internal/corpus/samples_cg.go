package corpus

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kernels of NVIDIA/cuda-samples built on cooperative
// groups, fences and grid-wide patterns: threadFenceReduction, scalarProd,
// reductionMultiBlockCG, warpAggregatedAtomicsCG and binaryPartitionCG.

// fenceReduceBlock is reduceBlock of Samples/2_Concepts_and_Techniques/
// threadFenceReduction/threadFenceReduction_kernel.cuh: each
// thread_block_tile<32> halves through sdata between tile syncs, then
// thread 0 adds the tiles' sums.
func fenceReduceBlock(t *gocuda.Thread, sdata []float32, mySum float32, tid int, cta cg.ThreadBlock) {
	tile32 := cg.TiledPartition(cta, 32)
	sdata[tid] = mySum
	tile32.Sync()

	const vec = 32
	vid := tid & (vec - 1)

	beta := mySum
	var temp float32

	for i := vec / 2; i > 0; i >>= 1 {
		if vid < i {
			temp = sdata[tid+i]
			beta += temp
			sdata[tid] = beta
		}
		tile32.Sync()
	}

	cta.Sync()

	if cta.ThreadRank() == 0 {
		beta = 0
		for i := 0; i < t.BlockDim.X; i += vec {
			beta += sdata[i]
		}
		sdata[0] = beta
	}

	cta.Sync()
}

// fenceReduceBlocks is reduceBlocks of the same file: a grid-stride sum,
// two elements per step, then fenceReduceBlock; thread 0 writes the
// block's sum.
func fenceReduceBlocks(t *gocuda.Thread, gIdata, gOdata []float32, n, blockSize int, nIsPow2 bool, cta cg.ThreadBlock) {
	sdata := gocuda.DynamicShared[float32](t)

	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(blockSize*2) + t.ThreadIdx.X
	gridSize := blockSize * 2 * t.GridDim.X
	var mySum float32

	for i < n {
		mySum += gIdata[i]
		// ensure we don't read out of bounds
		if nIsPow2 || i+blockSize < n {
			mySum += gIdata[i+blockSize]
		}
		i += gridSize
	}

	fenceReduceBlock(t, sdata, mySum, tid, cta)

	if tid == 0 {
		gOdata[t.BlockIdx.X] = sdata[0]
	}
}

// ReduceMultiPassKernel is reduceMultiPass<blockSize, nIsPow2> of
// threadFenceReduction_kernel.cuh: one pass of block sums. Launch it with
// a power-of-two block of whole warps and blockDim.x floats of dynamic
// shared memory.
//
//gocuda:kernel ReduceMultiPassKernel
func reduceMultiPass(t *gocuda.Thread, gIdata, gOdata []float32, n, blockSize int, nIsPow2 bool) {
	cta := cg.ThisThreadBlock(t)
	fenceReduceBlocks(t, gIdata, gOdata, n, blockSize, nIsPow2, cta)
}

// ReduceSinglePassKernel is reduceSinglePass<blockSize, nIsPow2> of
// threadFenceReduction_kernel.cuh: the block sums, then each block's
// thread 0 fences and takes a ticket with atomicInc on retirementCount
// (the sample's __device__ variable), and the block that draws the last
// ticket, told by a __shared__ bool, sums the block sums into gOdata[0]
// and resets the count.
//
//gocuda:kernel ReduceSinglePassKernel
func reduceSinglePass(t *gocuda.Thread, gIdata, gOdata []float32, n, blockSize int, nIsPow2 bool, retirementCount *uint32) {
	cta := cg.ThisThreadBlock(t)

	// PHASE 1: Process all inputs assigned to this block
	fenceReduceBlocks(t, gIdata, gOdata, n, blockSize, nIsPow2, cta)

	// PHASE 2: Last block finished will process all partial sums
	if t.GridDim.X > 1 {
		tid := t.ThreadIdx.X
		amLast := gocuda.Shared[bool](t, 1)
		smem := gocuda.DynamicShared[float32](t)

		// wait until all outstanding memory instructions in this thread are finished
		atomic.ThreadFence()

		// Thread 0 takes a ticket
		if tid == 0 {
			ticket := atomic.Inc(retirementCount, uint32(t.GridDim.X))
			// If the ticket ID is equal to the number of blocks, we are the last block!
			amLast[0] = ticket == uint32(t.GridDim.X-1)
		}

		cta.Sync()

		// The last block sums the results of all other blocks
		if amLast[0] {
			i := tid
			var mySum float32

			for i < t.GridDim.X {
				mySum += gOdata[i]
				i += blockSize
			}

			fenceReduceBlock(t, smem, mySum, tid, cta)

			if tid == 0 {
				gOdata[0] = smem[0]

				// reset retirement count so that next run succeeds
				*retirementCount = 0
			}
		}
	}
}

// scalarProdAccumN is scalarProd's ACCUM_N.
const scalarProdAccumN = 1024

// ScalarProdKernel is scalarProdGPU of Samples/2_Concepts_and_Techniques/
// scalarProd/scalarProd_kernel.cuh: block-strided over vector pairs, each
// block fills ACCUM_N strided partial dot products and reduces them by a
// tree whose steps open with a block sync and loop over the threads'
// shares.
//
//gocuda:kernel ScalarProdKernel
func scalarProdGPU(t *gocuda.Thread, dC, dA, dB []float32, vectorN, elementN int) {
	cta := cg.ThisThreadBlock(t)
	accumResult := gocuda.Shared[float32](t, scalarProdAccumN)

	for vec := t.BlockIdx.X; vec < vectorN; vec += t.GridDim.X {
		vectorBase := elementN * vec
		vectorEnd := vectorBase + elementN

		for iAccum := t.ThreadIdx.X; iAccum < scalarProdAccumN; iAccum += t.BlockDim.X {
			var sum float32

			for pos := vectorBase + iAccum; pos < vectorEnd; pos += scalarProdAccumN {
				sum += dA[pos] * dB[pos]
			}

			accumResult[iAccum] = sum
		}

		for stride := scalarProdAccumN / 2; stride > 0; stride >>= 1 {
			cta.Sync()

			for iAccum := t.ThreadIdx.X; iAccum < stride; iAccum += t.BlockDim.X {
				accumResult[iAccum] += accumResult[stride+iAccum]
			}
		}

		cta.Sync()

		if t.ThreadIdx.X == 0 {
			dC[vec] = accumResult[0]
		}
	}
}

// cgReduceBlock is reduceBlock of Samples/2_Concepts_and_Techniques/
// reductionMultiBlockCG/reductionMultiBlockCG.cu: cg::reduce over each
// thread_block_tile<32>, then thread 0 adds the tiles' sums.
func cgReduceBlock(t *gocuda.Thread, sdata []float64, cta cg.ThreadBlock) {
	tid := cta.ThreadRank()
	tile32 := cg.TiledPartition(cta, 32)

	sdata[tid] = cg.Reduce(tile32, sdata[tid], cg.Plus[float64])
	cta.Sync()

	beta := 0.0
	if cta.ThreadRank() == 0 {
		beta = 0
		for i := 0; i < t.BlockDim.X; i += tile32.Size() {
			beta += sdata[i]
		}
		sdata[0] = beta
	}
	cta.Sync()
}

// ReduceSinglePassMultiBlockCGKernel is reduceSinglePassMultiBlockCG of
// reductionMultiBlockCG.cu: grid-stride sums into shared memory, block
// sums, a grid sync, and thread 0 of the grid adds the block sums. Launch
// it cooperatively with blockDim.x doubles of dynamic shared memory.
//
//gocuda:kernel ReduceSinglePassMultiBlockCGKernel
func reduceSinglePassMultiBlockCG(t *gocuda.Thread, gIdata []float32, gOdata []float32, n int) {
	block := cg.ThisThreadBlock(t)
	grid := cg.ThisGrid(t)

	sdata := gocuda.DynamicShared[float64](t)

	// Stride over grid and add the values to a shared memory buffer
	sdata[block.ThreadRank()] = 0

	for i := int(grid.ThreadRank()); i < n; i += int(grid.Size()) {
		sdata[block.ThreadRank()] += float64(gIdata[i])
	}

	block.Sync()

	// Reduce each block (called once per block)
	cgReduceBlock(t, sdata, block)

	// Write out the result to global memory
	if block.ThreadRank() == 0 {
		gOdata[t.BlockIdx.X] = float32(sdata[0])
	}

	grid.Sync()

	if grid.ThreadRank() == 0 {
		for block := 1; block < t.GridDim.X; block++ {
			gOdata[0] += gOdata[block]
		}
	}
}

// atomicAggInc is atomicAggInc of Samples/3_CUDA_Features/
// warpAggregatedAtomicsCG/warpAggregatedAtomicsCG.cu: one atomicAdd per
// coalesced group, its result shuffled from rank 0.
func atomicAggInc(t *gocuda.Thread, counter *int32) int32 {
	active := cg.CoalescedThreads(t)

	var res int32
	if active.ThreadRank() == 0 {
		res = atomic.Add(counter, int32(active.Size()))
	}
	res = cg.ShflRank(active, res, 0)
	return res + int32(active.ThreadRank())
}

// FilterArrKernel is filter_arr of warpAggregatedAtomicsCG.cu: the
// positive elements of src appended to dst through warp-aggregated atomic
// increments of *nres, in a grid-stride loop.
//
//gocuda:kernel FilterArrKernel
func filterArr(t *gocuda.Thread, dst []int32, nres *int32, src []int32, n int) {
	id := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X

	for i := id; i < n; i += t.GridDim.X * t.BlockDim.X {
		if src[i] > 0 {
			dst[atomicAggInc(t, nres)] = src[i]
		}
	}
}

// atomicAggIncMulti is atomicAggIncMulti of warpAggregatedAtomicsCG.cu:
// the coalesced threads split by bucket with labeled_partition, one
// atomicAdd per label.
func atomicAggIncMulti(t *gocuda.Thread, bucket int, counter []int32) int32 {
	active := cg.CoalescedThreads(t)
	labeledGroup := cg.LabeledPartition(active, bucket)

	var res int32
	if labeledGroup.ThreadRank() == 0 {
		res = atomic.Add(&counter[bucket], int32(labeledGroup.Size()))
	}
	res = cg.ShflRank(labeledGroup, res, 0)
	return res + int32(labeledGroup.ThreadRank())
}

// MapToBucketsKernel is mapToBuckets of warpAggregatedAtomicsCG.cu: each
// element's index appended to its bucket's list, over the grid's
// threads (cg::this_grid, no grid sync).
//
//gocuda:kernel MapToBucketsKernel
func mapToBuckets(t *gocuda.Thread, srcArr, indicesBuckets, bucketCounters []int32, srcSize, numOfBuckets int) {
	grid := cg.ThisGrid(t)

	for i := int(grid.ThreadRank()); i < srcSize; i += int(grid.Size()) {
		bucket := int(srcArr[i])
		if bucket < numOfBuckets {
			indicesBuckets[atomicAggIncMulti(t, bucket, bucketCounters)] = int32(i)
		}
	}
}

// atomicAggMaxMulti is atomicAggMaxMulti of warpAggregatedAtomicsCG.cu:
// cg::reduce with greater over each label's group, one atomicMax per
// label.
func atomicAggMaxMulti(t *gocuda.Thread, bucket int, counter []int32, valueForMax int32) {
	active := cg.CoalescedThreads(t)
	labeledGroup := cg.LabeledPartition(active, bucket)

	maxValueInGroup := cg.Reduce(labeledGroup, valueForMax, cg.Greater[int32])

	if labeledGroup.ThreadRank() == 0 {
		atomic.Max(&counter[bucket], maxValueInGroup)
	}
}

// CalculateMaxInEachBucketsKernel is calculateMaxInEachBuckets of
// warpAggregatedAtomicsCG.cu: the maximum value of each bucket.
//
//gocuda:kernel CalculateMaxInEachBucketsKernel
func calculateMaxInEachBuckets(t *gocuda.Thread, srcArr, valueInBuckets, bucketsMax []int32, srcSize, numOfBuckets int) {
	grid := cg.ThisGrid(t)

	for i := int(grid.ThreadRank()); i < srcSize; i += int(grid.Size()) {
		bucket := int(srcArr[i])
		if bucket < numOfBuckets {
			atomicAggMaxMulti(t, bucket, bucketsMax, valueInBuckets[i])
		}
	}
}

// OddEvenCountAndSumCGKernel is oddEvenCountAndSumCG of
// Samples/3_CUDA_Features/binaryPartitionCG/binaryPartitionCG.cu: each
// warp splits by parity with binary_partition, reduces each part, and
// rank 0 of each part adds the count of odds and the sums by atomics.
//
//gocuda:kernel OddEvenCountAndSumCGKernel
func oddEvenCountAndSumCG(t *gocuda.Thread, inputArr []int32, numOfOdds *int32, sumOfOddAndEvens []int32, size int) {
	cta := cg.ThisThreadBlock(t)
	grid := cg.ThisGrid(t)
	tile32 := cg.TiledPartition(cta, 32)

	for i := int(grid.ThreadRank()); i < size; i += int(grid.Size()) {
		elem := inputArr[i]
		subTile := cg.BinaryPartition(tile32, elem&1 != 0)
		if elem&1 != 0 { // Odd numbers group
			oddGroupSum := cg.Reduce(subTile, elem, cg.Plus[int32])
			if subTile.ThreadRank() == 0 {
				atomic.Add(numOfOdds, int32(subTile.Size()))
				atomic.Add(&sumOfOddAndEvens[0], oddGroupSum)
			}
		} else { // Even numbers group
			evenGroupSum := cg.Reduce(subTile, elem, cg.Plus[int32])
			if subTile.ThreadRank() == 0 {
				atomic.Add(&sumOfOddAndEvens[1], evenGroupSum)
			}
		}
		tile32.Sync()
	}
}
