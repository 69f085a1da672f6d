package difftest

import "github.com/gocuda/gocuda/gocuda"

// JamSumsKernel sums, for thread i of the grid, a run of in, from
// bounds[i] to bounds[i+1], with jamSum (a range over a slice
// expression, a result): into sums[i] directly where mode is 0; through a
// variable kept past a barrier, each block's sums then reversed, where
// mode is 1; and through the warp's shuffles, lane 0 storing its warp's
// sum at the warp's first thread's slot, where mode is 2. Thread bad
// writes its sum past the end of sums (mode 0: the assignment fails
// after the call) or reads its run past the end of in (the call fails).
//
//gocuda:kernel JamSumsKernel
func jamSums(t *gocuda.Thread, in []float32, sums []float64, bounds []int, mode, bad int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, n := bounds[i], bounds[i+1]-bounds[i]
	if i == bad && mode != 0 {
		n += len(in)
	}
	switch mode {
	case 0:
		at := i
		if i == bad {
			at += len(sums)
		}
		sums[at] = jamSum(in, lo, n)
	case 1:
		v := jamSum(in, lo, n)
		t.SyncThreads()
		sums[t.BlockIdx.X*t.BlockDim.X+t.BlockDim.X-1-t.ThreadIdx.X] = v
	default:
		v := jamSum(in, lo, n)
		for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
			v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize)
		}
		if t.LaneID() == 0 {
			sums[i] = v
		}
	}
}

// jamSum returns the sum of in[lo:lo+n] in float64, in order.
func jamSum(in []float32, lo, n int) float64 {
	var s float64
	for _, x := range in[lo : lo+n] {
		s += float64(x)
	}
	return s
}
