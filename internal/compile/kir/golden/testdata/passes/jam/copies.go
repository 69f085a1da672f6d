package jam

import "github.com/gocuda/gocuda/gocuda"

// nestedParams sums a run per thread through a helper whose result an
// inlined helper takes, which hands it on to another
// (Luitjens's blockReduceSum(t, runSum(...)) calling warpReduceSum):
// the lane loop ends with the call, then the inlined parameters' copies.
//
// jam runs four threads' calls of total at once, each result bound for
// the last copy's variable, which the warp keeps.
func nestedParams(t *gocuda.Thread, in []float32, out []float64, run int) {
	lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * run
	v := viaWarp(t, total(in[lo:lo+run]))
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}

// A helper: viaWarp sums v over the warp with warpSum.
func viaWarp(t *gocuda.Thread, v float64) float64 {
	v = warpSum(t, v)
	return v
}

// A helper: warpSum sums v over the warp, into lane 0.
func warpSum(t *gocuda.Thread, v float64) float64 {
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	return v
}

// A helper: total adds s up.
func total(s []float32) float64 {
	var v float64
	for _, e := range s {
		v += float64(e)
	}
	return v
}
