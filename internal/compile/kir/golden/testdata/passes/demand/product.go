package demand

import "github.com/gocuda/gocuda/gocuda"

// product multiplies the two elements, then sums the products to lane 0.
//
// demand reads in's two rows ahead and adds only the lanes that lane 0's
// result reads; the lane loop and its tree stay two steps, not one call,
// since the two elements are multiplied, not added.
func product(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := pairAt(in, i) * pairAt(in, i+t.BlockDim.X)
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}
