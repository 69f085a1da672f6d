package kernels

import "github.com/gocuda/gocuda/gocuda"

// This file holds the second half of Harris's sequence (kernels 4, 5 and
// 7), the warp-shuffle reduction and the coarsened reduction, with the
// warp-level helpers they share.

// ReduceFirstAddKernel returns Harris's reduction kernel 4, first add
// during load: thread tid of block b adds elements 2*b*blockDim + tid and
// the one blockDim after it as it loads them, halving the idle threads of
// the first step; the block then reduces with sequential addressing and
// thread 0 writes its sum to partial[blockIdx.x]. Launch it with a
// one-dimensional power-of-two block and at least len(in)/2 threads
// (ReduceConfig).
//
//gocuda:kernel ReduceFirstAddKernel
func reduceFirstAdd[T Number](t *gocuda.Thread, in, partial []T) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	sdata[tid] = reduceAt(in, i) + reduceAt(in, i+t.BlockDim.X)
	t.SyncThreads()
	reduceSequentialTree(t, sdata, 0)
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// ReduceUnrolledWarpKernel returns Harris's reduction kernel 5, unrolling
// the last warp: loads as ReduceFirstAddKernel, block-wide steps with
// __syncthreads while more than 32 threads are active, then warp 0 alone
// runs the last six steps. Harris's original relied on a volatile pointer
// and lockstep warps; with independent thread scheduling (Volta and later,
// and gocuda) each step reads, synchronizes the warp, writes and
// synchronizes again, as NVIDIA's "Using CUDA Warp-Level Primitives"
// prescribes. Launch it with a one-dimensional power-of-two block of at
// least 64 threads (ReduceConfig).
//
//gocuda:kernel ReduceUnrolledWarpKernel
func reduceUnrolledWarp[T Number](t *gocuda.Thread, in, partial []T) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	sdata[tid] = reduceAt(in, i) + reduceAt(in, i+t.BlockDim.X)
	t.SyncThreads()
	reduceSequentialTree(t, sdata, gocuda.WarpSize)
	if tid < gocuda.WarpSize {
		reduceLastWarp(t, sdata)
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// reduceLastWarp is Harris's warpReduce made safe for independent thread
// scheduling: the 32 lanes of warp 0 fold sdata[0:64] into sdata[0], each
// step's reads and writes separated by __syncwarp.
func reduceLastWarp[T Number](t *gocuda.Thread, sdata []T) {
	tid := t.ThreadIdx.X
	v := sdata[tid]
	for offset := gocuda.WarpSize; offset > 0; offset /= 2 {
		v += sdata[tid+offset]
		t.SyncWarp(gocuda.FullMask) // every lane has read before any lane writes
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask) // every lane has written before the next read
	}
}

// ReduceWarpShuffleKernel returns the warp-shuffle reduction of Luitjens,
// "Faster Parallel Reductions on Kepler" (NVIDIA, 2014), in its
// __shfl_down_sync form: loads as ReduceFirstAddKernel, each warp sums its
// lanes' values through shuffles with no shared memory, lane 0 of each
// warp stores the warp's sum, and after one barrier warp 0 shuffles the
// warp sums down to thread 0, which writes partial[blockIdx.x]. Launch it
// with a one-dimensional block of whole warps (ReduceConfig).
//
//gocuda:kernel ReduceWarpShuffleKernel
func reduceWarpShuffleBlocks[T Number](t *gocuda.Thread, in, partial []T) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	sum := reduceBlockShuffle(t, reduceAt(in, i)+reduceAt(in, i+t.BlockDim.X))
	if t.ThreadIdx.X == 0 {
		partial[t.BlockIdx.X] = sum
	}
}

// reduceWarpShuffle returns, in lane 0, the sum of v over the caller's
// warp (other lanes get partial sums): five __shfl_down_sync steps.
func reduceWarpShuffle[T Number](t *gocuda.Thread, v T) T {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}

// reduceBlockShuffle returns, in thread 0, the sum of v over a
// one-dimensional block of whole warps (Luitjens's blockReduceSum); other
// threads get partial sums. Every thread of the block must call it.
func reduceBlockShuffle[T Number](t *gocuda.Thread, v T) T {
	warpSums := gocuda.Shared[T](t, gocuda.MaxThreadsPerBlock/gocuda.WarpSize)
	v = reduceWarpShuffle(t, v)
	if t.LaneID() == 0 {
		warpSums[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.WarpID() == 0 { // the other warps are done; warp 0 adds up their sums
		warps := (t.BlockDim.X + gocuda.WarpSize - 1) / gocuda.WarpSize
		v = reduceWarpShuffle(t, reduceAt(warpSums[:warps], t.LaneID()))
	}
	return v
}

// ReduceGridStrideKernel returns Harris's reduction kernel 7, multiple
// elements per thread (algorithm cascading): a grid of any size (a few
// blocks per worker in ReduceConfig) walks in with a grid-stride loop,
// thread tid of block b adding elements i and i+blockDim for
// i = 2*b*blockDim + tid, then i + 2*blockDim*gridDim, and so on; the block
// then reduces as ReduceUnrolledWarpKernel does (Harris's kernel 6 unrolls
// the block-wide steps too, with templates Go does not have) and thread 0
// writes partial[blockIdx.x]. Launch it with a one-dimensional power-of-two
// block of at least 64 threads.
//
// On a GPU each step of the loop is one coalesced load per warp; in gocuda
// a block's threads run one after another, so each thread strides alone
// through memory, a cache line per element. ReduceCoarsenedKernel is the
// form that suits a CPU.
//
//gocuda:kernel ReduceGridStrideKernel
func reduceGridStride[T Number](t *gocuda.Thread, in, partial []T) {
	n := len(in)
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	gridSize := 2 * b * t.GridDim.X
	var v T
	for i := t.BlockIdx.X*2*b + tid; i < n; i += gridSize {
		v += in[i]
		if i+b < n {
			v += in[i+b]
		}
	}
	sdata := gocuda.Shared[T](t, b)
	sdata[tid] = v
	t.SyncThreads()
	reduceSequentialTree(t, sdata, gocuda.WarpSize)
	if tid < gocuda.WarpSize {
		reduceLastWarp(t, sdata)
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// ReduceCoarsenedKernel returns the grid-stride coarsened reduction:
// Harris's kernel 7 with the unit of the grid-stride loop widened from one
// element to a run of 4096 consecutive elements (as CUDA kernels widen
// loads to float4 vectors, taken to the CPU's scale), and Luitjens's
// warp-shuffle block reduction after it. Thread g of the grid adds runs g,
// g+s, g+2s, ... where s is the number of threads in the grid, each run
// with eight independent accumulators; thread 0 of each block writes the
// block's sum to partial[blockIdx.x].
//
// It is the reduction built for gocuda's cost model: each thread streams
// through contiguous memory, as a CPU's caches and prefetchers want, and
// the grid is small (a few blocks of 64 threads per worker in
// ReduceConfig), so the block reduction's barrier and shuffles, which cost
// a coroutine switch per thread, are paid by few threads. Launch it with a
// one-dimensional block of whole warps and any grid.
//
//gocuda:kernel ReduceCoarsenedKernel
func reduceCoarsened[T Number](t *gocuda.Thread, in, partial []T) {
	n := len(in)
	var v T
	stride := t.BlockDim.X * t.GridDim.X * reduceRun
	for lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * reduceRun; lo < n; lo += stride {
		v += reduceSumRun(in[lo:min(lo+reduceRun, n)])
	}
	sum := reduceBlockShuffle(t, v)
	if t.ThreadIdx.X == 0 {
		partial[t.BlockIdx.X] = sum
	}
}

// reduceSumRun adds up run with eight independent accumulators, so that
// the additions overlap instead of waiting on one another's results.
func reduceSumRun[T Number](run []T) T {
	var s0, s1, s2, s3, s4, s5, s6, s7 T
	for len(run) >= 8 {
		r := run[:8:8]
		s0 += r[0]
		s1 += r[1]
		s2 += r[2]
		s3 += r[3]
		s4 += r[4]
		s5 += r[5]
		s6 += r[6]
		s7 += r[7]
		run = run[8:]
	}
	for _, v := range run {
		s0 += v
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}
