// Package chunk holds block-stride and warp-stride loops run in lockstep
// rounds of several trips of each thread: their sums stay in locals for
// a chunk's trips.
package chunk

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// rowSums is llm.c's layernorm_forward_kernel4's first loop: a 32-thread
// tile a row, each lane summing every 32nd element of its row, then the
// tile's sum.
func rowSums(t *gocuda.Thread, out, inp []float32, N, C int) {
	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= N {
		return
	}
	x := inp[idx*C:]
	sum := float32(0)
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		sum += x[i]
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	if warp.ThreadRank() == 0 {
		out[idx] = sum
	}
}

// colMax is a block a column of a row-major matrix of rows×cols: each
// thread the largest of every blockDim.x-th element down the column (an
// index far apart from thread to thread, which rebase does not take),
// then the block's through shared memory.
func colMax(t *gocuda.Thread, out []float32, in []float32, rows, cols int) {
	s := gocuda.Shared[float32](t, 256)
	m := float32(-1e30)
	for i := t.ThreadIdx.X; i <= rows-1; i += t.BlockDim.X {
		m = max(m, in[i*cols+t.BlockIdx.X])
	}
	s[t.ThreadIdx.X] = m
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		for k := 1; k < t.BlockDim.X; k++ {
			m = max(m, s[k])
		}
		out[t.BlockIdx.X] = m
	}
}

// int64Key keeps its key's type, int64: it runs a trip a round.
func int64Key(t *gocuda.Thread, out []int64, n int64) {
	acc := int64(0)
	for i := int64(t.ThreadIdx.X); i < n; i += int64(t.BlockDim.X) {
		acc += i
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = acc
}
