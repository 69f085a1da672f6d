package difftest

import (
	"math"
	"math/bits"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// MemoNormKernel normalizes each thread's value by its tile's mean and
// reciprocal deviation, which every lane computes from cg.Reduce's sums,
// as llm.c's layernorm kernels do, and writes them and the reciprocal of
// the tile's sum: out[3i], out[3i+1], out[3i+2]. The compiled form
// computes them once for each run of lanes whose sums have the same bits:
// a tile's, not a warp's, where tiles are smaller, and not across tiles
// whose sums are +0 and -0, whose reciprocals differ.
//
//gocuda:kernel MemoNormKernel
func memoNorm(t *gocuda.Thread, out, in []float32, size int) {
	tile := cg.TiledPartition(cg.ThisThreadBlock(t), size)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var x float32
	if i < len(in) {
		x = in[i]
	}
	sum := cg.Reduce(tile, x, cg.Plus[float32])
	sum2 := cg.Reduce(tile, x*x, cg.Plus[float32])
	m := sum / float32(size)
	r := 1 / float32(math.Sqrt(float64(sum2/float32(size)-m*m+1e-5)))
	inv := 1 / sum
	if i < len(in) {
		out[3*i], out[3*i+1], out[3*i+2] = r*(x-m), m, inv
	}
}

// MemoVoteKernel scales each thread's value by the share of its warp's
// lanes whose values are positive, a ballot's count that every lane
// divides by.
//
//gocuda:kernel MemoVoteKernel
func memoVote(t *gocuda.Thread, out, in []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var x int32
	if i < len(in) {
		x = in[i]
	}
	b := t.BallotSync(0xffffffff, x > 0)
	share := 1000 / (int32(bits.OnesCount32(b)) + 1)
	if i < len(in) {
		out[i] = x * share
	}
}
