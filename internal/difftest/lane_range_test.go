package difftest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLaneRange runs LaneRangeKernel's guarded lane loops with bounds
// inside, at the edges of and far outside a warp's lanes, and checks the
// scan of whole warps against a host reference where every guard admits
// the lane (lim past the warp).
func TestLaneRange(t *testing.T) {
	for _, bs := range warpBlocks {
		for _, lim := range []int{-5, 0, 1, 7, 31, 40, 1 << 40, math.MaxInt, math.MinInt} {
			n := 2*bs - 3
			in := randInts(n)
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, LaneRangeKernel(in, out, lim))
				return out, err
			})
			if lim == 1<<40 && bs%32 == 0 {
				for i := range n {
					require.Equal(t, laneRangeWant(in, i), got[i], "block %d thread %d", bs, i)
				}
			}
		}
	}
}

// laneRangeWant is LaneRangeKernel's result for thread i of a whole warp
// with lim far past its lanes (but not so far that lim+d wraps): the
// warp's inclusive scan, which the second guard leaves, then xor with the
// value two lanes down (the last two lanes' own).
func laneRangeWant(in []int32, i int) int32 {
	w := i &^ 31
	var v [32]int32
	var s int32
	for j := range v {
		if w+j < len(in) {
			s += in[w+j]
		}
		v[j] = s
	}
	lane := i & 31
	down := v[lane]
	if lane+2 < 32 {
		down = v[lane+2]
	}
	return v[lane] ^ down
}
