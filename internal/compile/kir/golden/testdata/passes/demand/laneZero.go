// Package demand holds the inputs of the demand pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package demand

import "github.com/gocuda/gocuda/gocuda"

// laneZero stores each warp's sum from lane 0: the steps add lanes
// [0, offset).
//
// demand marks the shuffle-down's result read in lane 0 only, and the
// copies after it needed for lanes below 1.
func laneZero(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := warpSum(in[i], t)
	if t.LaneID() == 0 {
		out[i/32] = v
	}
}

// A helper: warpSum is Luitjens's warpReduceSum: lane 0 gets the warp's sum (the
// thread last: not a kernel of this package's golden tests).
func warpSum(v float32, t *gocuda.Thread) float32 {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}
