package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds the shuffle reductions of chapter 5 of "Professional
// CUDA C Programming" (deeperlearning/professional-cuda-c-programming at
// ee58310, examples/chapter05/reduceIntegerShfl.cu): reduceShfl,
// reduceSmemShfl and reduceSmemUnrollShfl. The book predates CUDA 9:
// its __shfl_xor(v, laneMask) is the full-mask, full-width
// __shfl_xor_sync(0xffffffff, v, laneMask, 32) that replaced it. The
// blocks are DIM (128) threads, SMEMDIM (4) warps.

// Block and warp counts of reduceIntegerShfl.cu: DIM and SMEMDIM.
const (
	shflDim     = 128
	shflSmemDim = 4
)

// warpReduce is warpReduce of reduceIntegerShfl.cu: a butterfly sum over
// the warp, leaving the warp's total in every lane.
func warpReduce(t *gocuda.Thread, localSum int32) int32 {
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 16, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 8, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 4, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 2, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 1, 32)

	return localSum
}

// ReduceShflKernel is reduceShfl of reduceIntegerShfl.cu: every warp sums
// its lanes' elements by warpReduce, lane 0 stores the warp's sum in
// shared memory, and after a barrier warp 0 sums the SMEMDIM warp sums
// the same way. Threads past n return first.
//
//gocuda:kernel ReduceShflKernel
func reduceShflKernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	smem := gocuda.Shared[int32](t, shflSmemDim)

	idx := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	if idx >= n {
		return
	}

	laneIdx := t.ThreadIdx.X % gocuda.WarpSize
	warpIdx := t.ThreadIdx.X / gocuda.WarpSize

	localSum := warpReduce(t, gIdata[idx])

	if laneIdx == 0 {
		smem[warpIdx] = localSum
	}

	t.SyncThreads()

	if t.ThreadIdx.X < gocuda.WarpSize {
		if t.ThreadIdx.X < shflSmemDim {
			localSum = smem[laneIdx]
		} else {
			localSum = 0
		}
	}

	if warpIdx == 0 {
		localSum = warpReduce(t, localSum)
	}

	if t.ThreadIdx.X == 0 {
		gOdata[t.BlockIdx.X] = localSum
	}
}

// ReduceSmemShflKernel is reduceSmemShfl of reduceIntegerShfl.cu: the
// block's elements go to shared memory and are reduced there, completely
// unrolled, down to 32 partial sums, which each warp then folds by
// shuffles (only warp 0's result counts).
//
//gocuda:kernel ReduceSmemShflKernel
func reduceSmemShflKernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	smem := gocuda.Shared[int32](t, shflDim)

	tid := t.ThreadIdx.X

	idx := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	if idx >= n {
		return
	}

	idata := gIdata[t.BlockIdx.X*t.BlockDim.X:]

	smem[tid] = idata[tid]
	t.SyncThreads()

	if t.BlockDim.X >= 1024 && tid < 512 {
		smem[tid] += smem[tid+512]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 512 && tid < 256 {
		smem[tid] += smem[tid+256]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 256 && tid < 128 {
		smem[tid] += smem[tid+128]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 128 && tid < 64 {
		smem[tid] += smem[tid+64]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 64 && tid < 32 {
		smem[tid] += smem[tid+32]
	}
	t.SyncThreads()

	localSum := smem[tid]
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 16, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 8, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 4, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 2, 32)
	localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 1, 32)

	if tid == 0 {
		gOdata[t.BlockIdx.X] = localSum
	}
}

// ReduceSmemUnrollShflKernel is reduceSmemUnrollShfl of
// reduceIntegerShfl.cu: each thread first adds four elements a block
// apart (through floats, as the book writes it), then the block reduces
// in shared memory to 32 sums and warp 0 alone folds them by shuffles.
//
//gocuda:kernel ReduceSmemUnrollShflKernel
func reduceSmemUnrollShflKernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	smem := gocuda.Shared[int32](t, shflDim)

	tid := t.ThreadIdx.X
	bdim := uint32(t.BlockDim.X)

	idx := uint32(t.BlockIdx.X)*bdim*4 + uint32(t.ThreadIdx.X)

	localSum := int32(0)

	if idx+3*bdim < n {
		a1 := float32(gIdata[idx])
		a2 := float32(gIdata[idx+bdim])
		a3 := float32(gIdata[idx+2*bdim])
		a4 := float32(gIdata[idx+3*bdim])
		localSum = int32(a1 + a2 + a3 + a4)
	}

	smem[tid] = localSum
	t.SyncThreads()

	if t.BlockDim.X >= 1024 && tid < 512 {
		smem[tid] += smem[tid+512]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 512 && tid < 256 {
		smem[tid] += smem[tid+256]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 256 && tid < 128 {
		smem[tid] += smem[tid+128]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 128 && tid < 64 {
		smem[tid] += smem[tid+64]
	}
	t.SyncThreads()
	if t.BlockDim.X >= 64 && tid < 32 {
		smem[tid] += smem[tid+32]
	}
	t.SyncThreads()

	localSum = smem[tid]
	if tid < 32 {
		localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 16, 32)
		localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 8, 32)
		localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 4, 32)
		localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 2, 32)
		localSum += gocuda.ShflXorSync(t, 0xffffffff, localSum, 1, 32)
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = localSum
	}
}
