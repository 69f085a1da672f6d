package demand

import "github.com/gocuda/gocuda/gocuda"

// luitjens sums a warp's first adds through a helper, lane 0 writing the
// sum: fused.
//
// demand runs the lane loop's sum of two elements and the
// shuffle-down tree to lane 0 as one call.
func luitjens(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	sum := pairSum(t, pairAt(in, i)+pairAt(in, i+t.BlockDim.X))
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = sum
	}
}

func pairSum(t *gocuda.Thread, v float32) float32 {
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
	}
	return v
}

// A helper: pairAt returns in[i], or zero past its end: a guarded load.
func pairAt(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}
