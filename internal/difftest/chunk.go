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
