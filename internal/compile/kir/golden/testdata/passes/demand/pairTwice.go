package demand

import "github.com/gocuda/gocuda/gocuda"

// pairTwice reads the same two rows before and after a shuffle: each row
// is read ahead once, for both lane loops.
//
// demand reads the two rows of in ahead, once, for both lane loops.
func pairTwice(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := aheadAt(in, i) + aheadAt(in, i+t.BlockDim.X)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, 32)
	out[i] = v - aheadAt(in, i) - aheadAt(in, i+t.BlockDim.X)
}

// A helper: aheadAt returns in[i], or zero past its end: a guarded load.
func aheadAt(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}
