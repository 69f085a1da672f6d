package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestWarpLoopBranch runs WarpLoopBranchKernel against its host
// reference for breaks and continues at every trip and at none.
func TestWarpLoopBranch(t *testing.T) {
	const n, bs = 192, 96
	in := randInts(n)
	for _, skip := range []int{-1, 0, 2} {
		for _, stop := range []int{-1, 1, 3} {
			got := agree(t, func(f form) ([]uint32, error) {
				out := make([]uint32, n)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
				return out, f.launch(cfg, WarpLoopBranchKernel(in, out, skip, stop))
			})
			require.Equal(t, warpLoopBranchHost(in, bs, skip, stop), got, "skip %d, stop %d", skip, stop)
		}
	}
}

// warpLoopBranchHost is WarpLoopBranchKernel's reference, for blocks of
// whole warps: a ballot over the lanes of the if is the set of those
// lanes whose predicate holds.
func warpLoopBranchHost(in []int32, bs, skip, stop int) []uint32 {
	out := make([]uint32, len(in))
	ballot := func(i int, pred func(j int) bool) uint32 {
		var b uint32
		w := i - i%32 // the warp's first thread
		for l := range 32 {
			if j := w + l; (j%bs)%3 == 0 && pred(j) {
				b |= 1 << l
			}
		}
		return b
	}
	for i := range in {
		if (i%bs)%3 != 0 {
			continue
		}
		r := uint32(0)
		for k := range 4 {
			if k == stop {
				break
			}
			r ^= ballot(i, func(j int) bool { return in[j] > int32(k) })
			if k == skip {
				continue
			}
			r++
		}
		for k := 3; k >= 0; k-- {
			if k == skip {
				continue
			}
			r = r*3 + ballot(i, func(j int) bool { return in[j] < int32(k) })
			if k == stop {
				break
			}
		}
		out[i] = r
	}
	return out
}
