package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestFunctorReduce runs FunctorReduceKernel against each warp's sum and
// maximum.
func TestFunctorReduce(t *testing.T) {
	const n, bs = 256, 128
	in := randInts(n)
	type res struct{ sums, maxes []int32 }
	got := agree(t, func(f form) (res, error) {
		r := res{make([]int32, n/32), make([]int32, n/32)}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
		return r, f.launch(cfg, FunctorReduceKernel(in, r.sums, r.maxes))
	})
	for w := range n / 32 {
		sum, hi := int32(0), in[32*w]
		for _, v := range in[32*w : 32*w+32] {
			sum, hi = sum+v, max(hi, v)
		}
		require.Equal(t, sum, got.sums[w], "warp %d's sum", w)
		require.Equal(t, hi, got.maxes[w], "warp %d's maximum", w)
	}
}
