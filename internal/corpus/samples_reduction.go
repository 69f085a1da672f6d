package corpus

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the parallel reductions of NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu, each
// writing its block's sum to gOdata[blockIdx.x]. Their shared memory is the
// sample's SharedMemory<T>, extern shared memory: launch them with
// blockDim.x elements of T, two warps' worth when blockDim.x <= 32. The
// template parameters blockSize and nIsPow2 are kernel arguments here; the
// sample instantiates the kernels with blockSize equal to blockDim.x, a
// power of two.

// Reduce0Kernel is reduce0: interleaved addressing with a modulo test
// (tid % (2*s) == 0), a cooperative-groups block sync after each step.
//
//gocuda:kernel Reduce0Kernel
func reduce0[T number](t *gocuda.Thread, gIdata, gOdata []T, n int) {
	cta := cg.ThisThreadBlock(t)
	sdata := gocuda.DynamicShared[T](t)

	// load shared mem
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	sdata[tid] = 0
	if i < n {
		sdata[tid] = gIdata[i]
	}

	cta.Sync()

	// do reduction in shared mem
	for s := 1; s < t.BlockDim.X; s *= 2 {
		// modulo arithmetic is slow!
		if tid%(2*s) == 0 {
			sdata[tid] += sdata[tid+s]
		}

		cta.Sync()
	}

	// write result for this block to global mem
	if tid == 0 {
		gOdata[t.BlockIdx.X] = sdata[0]
	}
}

// Reduce1Kernel is reduce1: contiguous threads, interleaved addressing
// (index = 2*s*tid).
//
//gocuda:kernel Reduce1Kernel
func reduce1[T number](t *gocuda.Thread, gIdata, gOdata []T, n int) {
	cta := cg.ThisThreadBlock(t)
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	sdata[tid] = 0
	if i < n {
		sdata[tid] = gIdata[i]
	}

	cta.Sync()

	for s := 1; s < t.BlockDim.X; s *= 2 {
		index := 2 * s * tid

		if index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}

		cta.Sync()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = sdata[0]
	}
}

// Reduce2Kernel is reduce2: sequential addressing, halving s.
//
//gocuda:kernel Reduce2Kernel
func reduce2[T number](t *gocuda.Thread, gIdata, gOdata []T, n int) {
	cta := cg.ThisThreadBlock(t)
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	sdata[tid] = 0
	if i < n {
		sdata[tid] = gIdata[i]
	}

	cta.Sync()

	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}

		cta.Sync()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = sdata[0]
	}
}

// Reduce3Kernel is reduce3: the first add during the load (2·blockDim.x
// elements per block), the running sum kept in a register.
//
//gocuda:kernel Reduce3Kernel
func reduce3[T number](t *gocuda.Thread, gIdata, gOdata []T, n int) {
	cta := cg.ThisThreadBlock(t)
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + t.ThreadIdx.X

	var mySum T
	if i < n {
		mySum = gIdata[i]
	}

	if i+t.BlockDim.X < n {
		mySum += gIdata[i+t.BlockDim.X]
	}

	sdata[tid] = mySum
	cta.Sync()

	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			mySum = mySum + sdata[tid+s]
			sdata[tid] = mySum
		}

		cta.Sync()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = mySum
	}
}

// Reduce4Kernel is reduce4<T, blockSize>: reduce3's load, shared-memory
// steps down to 64 elements, then the first warp (a thread_block_tile<32>)
// finishes with tile shuffles.
//
//gocuda:kernel Reduce4Kernel
func reduce4[T number](t *gocuda.Thread, gIdata, gOdata []T, n int, blockSize int) {
	cta := cg.ThisThreadBlock(t)
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + t.ThreadIdx.X

	var mySum T
	if i < n {
		mySum = gIdata[i]
	}

	if i+blockSize < n {
		mySum += gIdata[i+blockSize]
	}

	sdata[tid] = mySum
	cta.Sync()

	for s := t.BlockDim.X / 2; s > 32; s >>= 1 {
		if tid < s {
			mySum = mySum + sdata[tid+s]
			sdata[tid] = mySum
		}

		cta.Sync()
	}

	tile32 := cg.TiledPartition(cta, 32)

	if cta.ThreadRank() < 32 {
		// Fetch final intermediate sum from 2nd warp
		if blockSize >= 64 {
			mySum += sdata[tid+32]
		}
		// Reduce final warp using shuffle
		for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
			mySum += cg.ShflDown(tile32, mySum, offset)
		}
	}

	if cta.ThreadRank() == 0 {
		gOdata[t.BlockIdx.X] = mySum
	}
}

// Reduce5Kernel is reduce5<T, blockSize>: reduce4 with the shared-memory
// steps unrolled by blockSize, each behind a block sync.
//
//gocuda:kernel Reduce5Kernel
func reduce5[T number](t *gocuda.Thread, gIdata, gOdata []T, n int, blockSize int) {
	cta := cg.ThisThreadBlock(t)
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(blockSize*2) + t.ThreadIdx.X

	var mySum T
	if i < n {
		mySum = gIdata[i]
	}

	if i+blockSize < n {
		mySum += gIdata[i+blockSize]
	}

	sdata[tid] = mySum
	cta.Sync()

	if blockSize >= 512 && tid < 256 {
		mySum = mySum + sdata[tid+256]
		sdata[tid] = mySum
	}

	cta.Sync()

	if blockSize >= 256 && tid < 128 {
		mySum = mySum + sdata[tid+128]
		sdata[tid] = mySum
	}

	cta.Sync()

	if blockSize >= 128 && tid < 64 {
		mySum = mySum + sdata[tid+64]
		sdata[tid] = mySum
	}

	cta.Sync()

	tile32 := cg.TiledPartition(cta, 32)

	if cta.ThreadRank() < 32 {
		if blockSize >= 64 {
			mySum += sdata[tid+32]
		}
		for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
			mySum += cg.ShflDown(tile32, mySum, offset)
		}
	}

	if cta.ThreadRank() == 0 {
		gOdata[t.BlockIdx.X] = mySum
	}
}

// Reduce6Kernel is reduce6<T, blockSize, nIsPow2>: reduce5 after a
// grid-stride loop that sums many elements per thread (two per step when
// n is a power of two).
//
//gocuda:kernel Reduce6Kernel
func reduce6[T number](t *gocuda.Thread, gIdata, gOdata []T, n int, blockSize int, nIsPow2 bool) {
	cta := cg.ThisThreadBlock(t)
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	gridSize := blockSize * t.GridDim.X

	var mySum T

	if nIsPow2 {
		i := t.BlockIdx.X*blockSize*2 + t.ThreadIdx.X
		gridSize = gridSize << 1

		for i < n {
			mySum += gIdata[i]
			if i+blockSize < n {
				mySum += gIdata[i+blockSize]
			}
			i += gridSize
		}
	} else {
		i := t.BlockIdx.X*blockSize + t.ThreadIdx.X
		for i < n {
			mySum += gIdata[i]
			i += gridSize
		}
	}

	sdata[tid] = mySum
	cta.Sync()

	if blockSize >= 512 && tid < 256 {
		mySum = mySum + sdata[tid+256]
		sdata[tid] = mySum
	}

	cta.Sync()

	if blockSize >= 256 && tid < 128 {
		mySum = mySum + sdata[tid+128]
		sdata[tid] = mySum
	}

	cta.Sync()

	if blockSize >= 128 && tid < 64 {
		mySum = mySum + sdata[tid+64]
		sdata[tid] = mySum
	}

	cta.Sync()

	tile32 := cg.TiledPartition(cta, 32)

	if cta.ThreadRank() < 32 {
		if blockSize >= 64 {
			mySum += sdata[tid+32]
		}
		for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
			mySum += cg.ShflDown(tile32, mySum, offset)
		}
	}

	if cta.ThreadRank() == 0 {
		gOdata[t.BlockIdx.X] = mySum
	}
}

// warpReduceSum is the sample's warpReduceSum: shuffles down over the
// lanes of mask, or, as the sample's specialization for int on SM 8.0 and
// later, __reduce_add_sync.
func warpReduceSum[T number](t *gocuda.Thread, mask uint32, mySum T) T {
	if v, ok := any(mySum).(int32); ok {
		return any(gocuda.ReduceAddSync(t, mask, v)).(T)
	}
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		mySum += gocuda.ShflDownSync(t, mask, mySum, offset, gocuda.WarpSize)
	}
	return mySum
}

// Reduce7Kernel is reduce7<T, blockSize, nIsPow2>: reduce6's grid-stride
// load, then warp reductions under a mask of the block's lanes, warp sums
// through shared memory, and a last warp reduction under the mask
// __ballot_sync gives. With the shuffles (any T but int32) that last step
// reads lanes outside its mask, undefined in CUDA (cuda-samples issue
// #398): its sum is right only for int32, reduced by __reduce_add_sync as
// the sample compiles for SM 8.0, or for 1024-thread blocks.
//
//gocuda:kernel Reduce7Kernel
func reduce7[T number](t *gocuda.Thread, gIdata, gOdata []T, n int, blockSize int, nIsPow2 bool) {
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	gridSize := blockSize * t.GridDim.X
	maskLength := blockSize & 31 // 31 = warpSize-1
	if maskLength > 0 {
		maskLength = 32 - maskLength
	}
	mask := uint32(0xffffffff) >> maskLength

	var mySum T

	if nIsPow2 {
		i := t.BlockIdx.X*blockSize*2 + t.ThreadIdx.X
		gridSize = gridSize << 1

		for i < n {
			mySum += gIdata[i]
			if i+blockSize < n {
				mySum += gIdata[i+blockSize]
			}
			i += gridSize
		}
	} else {
		i := t.BlockIdx.X*blockSize + t.ThreadIdx.X
		for i < n {
			mySum += gIdata[i]
			i += gridSize
		}
	}

	// Reduce within warp using shuffle
	mySum = warpReduceSum(t, mask, mySum)

	// each thread puts its local sum into shared memory
	if tid%gocuda.WarpSize == 0 {
		sdata[tid/gocuda.WarpSize] = mySum
	}

	t.SyncThreads()

	shmemExtent := 1
	if blockSize/gocuda.WarpSize > 0 {
		shmemExtent = blockSize / gocuda.WarpSize
	}
	ballotResult := t.BallotSync(mask, tid < shmemExtent)
	if tid < shmemExtent {
		mySum = sdata[tid]
		// Reduce final warp using shuffle
		mySum = warpReduceSum(t, ballotResult, mySum)
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = mySum
	}
}

// CGReduceKernel is cg_reduce<T>: a grid-stride sum per thread, halving
// steps through shared memory while 32 or more threads are active, each
// opened by cta.sync(), and cg::reduce over the first thread_block_tile<32>.
//
//gocuda:kernel CGReduceKernel
func cgReduce[T number](t *gocuda.Thread, gIdata, gOdata []T, n int) {
	sdata := gocuda.DynamicShared[T](t)
	cta := cg.ThisThreadBlock(t)
	tile := cg.TiledPartition(cta, 32)

	ctaSize := cta.Size()
	numCtas := t.GridDim.X
	threadRank := cta.ThreadRank()
	threadIndex := t.BlockIdx.X*ctaSize + threadRank

	var threadVal T
	{
		i := threadIndex
		indexStride := numCtas * ctaSize
		for i < n {
			threadVal += gIdata[i]
			i += indexStride
		}
		sdata[threadRank] = threadVal
	}

	// Wait for all tiles to finish and reduce within CTA
	{
		ctaSteps := tile.MetaGroupSize()
		ctaIndex := ctaSize >> 1
		for ctaIndex >= 32 {
			cta.Sync()
			if threadRank < ctaIndex {
				threadVal += sdata[threadRank+ctaIndex]
				sdata[threadRank] = threadVal
			}
			ctaSteps >>= 1
			ctaIndex >>= 1
		}
		_ = ctaSteps
	}

	// Shuffle redux instead of smem redux
	{
		cta.Sync()
		if tile.MetaGroupRank() == 0 {
			threadVal = cg.Reduce(tile, threadVal, cg.Plus[T])
		}
	}

	if threadRank == 0 {
		gOdata[t.BlockIdx.X] = threadVal
	}
}
