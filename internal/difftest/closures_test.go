package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestClosuresSeeChanges runs the closure kernels against their host
// references: a closure made before a sync point reads (or writes) the
// variable's value after it (samplesbooks's repro r2; compiled, it read the
// value from before).
func TestClosuresSeeChanges(t *testing.T) {
	const n, bs = 128, 64
	in := randInts(n)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
	kernels := map[string]struct {
		kernel func(in, out []int32) func(*gocuda.Thread)
		want   func(i int) int32
	}{
		"afterBarrier": {ClosureAfterBarrierKernel, func(i int) int32 { return in[i^1] + 2*in[i] }},
		"afterShuffle": {ClosureAfterShuffleKernel, func(i int) int32 {
			if i&1 == 0 {
				return 2 * in[i]
			}
			return 3*in[i^1] + in[i]
		}},
		"laneKept": {ClosureLaneKeptKernel, func(i int) int32 { return 2*in[i] + 1 + in[i^1] + 2*in[i] }},
		"loopVars": {ClosureLoopVarsKernel, func(i int) int32 {
			a := in[i]
			return a*3 + 2*a*5 + a + a>>1 + a>>2 + a>>3
		}},
		"uniformLater": {ClosureUniformLaterKernel, func(i int) int32 { return in[i] + int32(i/bs) + 1 + in[i]&1 }},
		"passed":       {ClosurePassedKernel, func(i int) int32 { return in[i] + int32(i/bs) + 1 + in[i]&1 }},
		"writes": {ClosureWritesKernel, func(i int) int32 {
			if i%2 == 0 {
				return in[i] + in[i^1] + 1 + 3*in[i] + 1
			}
			return in[i] + in[i^1] + 1
		}},
	}
	for name, k := range kernels {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			return out, f.launch(cfg, k.kernel(in, out))
		})
		for i := range n {
			require.Equal(t, k.want(i), got[i], "%s: thread %d", name, i)
		}
	}
}
