package difftest

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// HoistKernel is Rodinia's backprop tree over a shared column: the loop
// around its barriers stops at math.Log2 of the block's height, a call
// the condition evaluates at every trip; each step's stride is math.Pow
// of the counter. Where scale is NaN the bound is NaN and the loop runs
// no trip; a bound below one, none either.
//
//gocuda:kernel HoistKernel
func hoistTree(t *gocuda.Thread, sums []float32, scale float64) {
	s := gocuda.Shared[float32](t, 64)
	ty := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + ty
	s[ty] = sums[i]
	for k := 1; float64(k) <= math.Log2(scale*float64(t.BlockDim.X)); k++ {
		t.SyncThreads()
		p := int(math.Pow(2, float64(k)))
		if ty%p == 0 && ty+p/2 < t.BlockDim.X {
			s[ty] += s[ty+p/2]
		}
	}
	t.SyncThreads()
	sums[i] = s[ty]
}
