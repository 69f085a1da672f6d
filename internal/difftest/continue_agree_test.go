package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestContinueFlag runs ContinueFlagKernel on input whose trips are in
// turn all zero and mixed, against each thread's count and sum.
func TestContinueFlag(t *testing.T) {
	const bs, trips = 64, 6
	in := randInts(bs * trips)
	for k := 0; k < trips; k += 2 {
		clear(in[k*bs : (k+1)*bs]) // trips 0, 2, 4: no item nonzero
	}
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*bs)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}
		return out, f.launch(cfg, ContinueFlagKernel(in, out, len(in)))
	})
	for tx := range bs {
		var count, sum int32
		for k := 1; k < trips; k += 2 {
			count++
			if v := in[k*bs+tx]; v >= 0 {
				sum += v
			}
		}
		require.Equal(t, count, got[tx], "thread %d's trips", tx)
		require.Equal(t, sum, got[bs+tx], "thread %d's sum", tx)
	}
}
