package difftest

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file walk a row with a block-stride or warp-stride
// loop that carries a sum from trip to trip: the compiled form runs them
// in lockstep rounds of a chunk of trips of each thread
// (compiled.StrideChunk), the sum in a local for a chunk.

// ChunkRowSumKernel is llm.c's layernorm_forward_kernel4's sums: a
// 32-thread tile a row of C elements of in, each lane summing every
// 32nd, then the tile's cg.Reduce; the tile's first lane stores the sum.
//
//gocuda:kernel ChunkRowSumKernel
func chunkRowSum(t *gocuda.Thread, in, out []float32, N, C int) {
	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= N {
		return
	}
	x := in[idx*C:]
	sum := float32(0)
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		sum += x[i]
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	if warp.ThreadRank() == 0 {
		out[idx] = sum
	}
}

// ChunkStepKernel has each thread of a block of the grid's one row sum
// every step-th element of in down a column of width cols, starting at
// its x index, and count its trips: a step of its own (not the block's
// size), so rounds of one trip (step ≥ compiled.ChunkSpan) and of many,
// and negative steps that walk out of in, are all tried.
//
//gocuda:kernel ChunkStepKernel
func chunkStep(t *gocuda.Thread, in []int32, out []int32, trips []int32, rows, cols, step int) {
	tx := t.ThreadIdx.X
	acc, n := int32(0), int32(0)
	for i := tx; i < rows; i += step {
		acc = acc*3 + in[i*cols+t.BlockIdx.X]
		n++
	}
	out[t.BlockIdx.X*t.BlockDim.X+tx] = acc
	trips[t.BlockIdx.X*t.BlockDim.X+tx] = n
}

// ChunkFarKernel is the first loop of Luitjens's deviceReduceKernel
// ("Faster Parallel Reductions on Kepler"), a grid-stride loop in a
// block kernel, carrying a value each trip changes in order (acc*3 plus
// the element) and counting its trips; the block then adds its threads'
// values in shared memory. Its step, the grid's threads, is far
// (compiled.StrideFar) for grids of 2048 threads and more: those rounds
// run several trips of each thread. The loop runs to n, which may pass
// the end of in.
//
//gocuda:kernel ChunkFarKernel
func chunkFar(t *gocuda.Thread, in []int32, out, trips, sums []int32, n int) {
	acc, k := int32(0), int32(0)
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		acc = acc*3 + in[i]
		k++
	}
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[g], trips[g] = acc, k
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	s[t.ThreadIdx.X] = acc
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var sum int32
		for _, v := range s {
			sum += v
		}
		sums[t.BlockIdx.X] = sum
	}
}
