// Package memo holds the inputs of the memo pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package memo

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// rowNorm is llm.c's layernorm kernel 4 in short: a tile of 32 a row, the
// row's mean and reciprocal deviation from cg.Reduce's sums, the same in
// every lane.
//
// memo runs the lane loop after the sum of squares, whose mean and
// deviation are alike across the warp, again only where sum and sum2
// change.
func rowNorm(t *gocuda.Thread, out, inp []float32, N, C int) {
	warp := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= N {
		return
	}
	x := inp[idx*C:]
	var sum, sum2 float32
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		sum += x[i]
		sum2 += x[i] * x[i]
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	sum2 = cg.Reduce(warp, sum2, cg.Plus[float32])
	m := sum / float32(C)
	s := 1 / float32(math.Sqrt(float64(sum2/float32(C)-m*m+1e-5)))
	o := out[idx*C:]
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		o[i] = s * (x[i] - m)
	}
}
