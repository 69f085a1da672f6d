package jam

import "github.com/gocuda/gocuda/gocuda"

// shuffled sums a run per thread, then shuffles the sums down a warp
// with the steps written out: the first shuffle reads v from the warp's
// lane array, where the jam's flush leaves it.
//
// jam runs four lanes' calls of runTotal at once, though the lane loop
// leads straight to a shuffle.
func shuffled(t *gocuda.Thread, in, out []float32, run int) {
	v := runTotal(in, (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)*run, run)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 16, 32)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 8, 32)
	if t.LaneID() == 0 {
		out[t.WarpID()] = v
	}
}

// A helper: runTotal adds in[lo:lo+n].
func runTotal(in []float32, lo, n int) float32 {
	var a float32
	for _, x := range in[lo : lo+n] {
		a += x
	}
	return a
}
