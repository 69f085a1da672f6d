// Package rowsahead holds warp-level kernels whose lanes read a
// parameter in two streams a block's extent apart, as Luitjens's
// warp-shuffle reduction loads its elements: the block reads both rows
// ahead into scratch before the warp loop. And lookalikes that read as
// written: one stream, a parameter the kernel writes, an offset a loop
// of the warp's changes.
package rowsahead

import "github.com/gocuda/gocuda/gocuda"

// at returns in[i], or zero past its end: a guarded load.
func at(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// pairSum adds two elements a block apart, then a warp's sum: both rows
// are read ahead.
func pairSum(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) + at(in, i+t.BlockDim.X)
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	out[i] = v
}

// oneStream reads one row: as written.
func oneStream(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	out[i] = v
}

// written writes in after reading it: as written.
func written(t *gocuda.Thread, in []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := in[i] + in[i+t.BlockDim.X]
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	in[i] = v
}

// loopOffset reads at an offset a loop of the warp's code changes: as
// written.
func loopOffset(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
		v += in[i+o] + in[i+2*o]
	}
	out[i] = v
}

// pairTwice reads the same two rows before and after a shuffle: each row
// is read ahead once, for both lane loops.
func pairTwice(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) + at(in, i+t.BlockDim.X)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, 32)
	out[i] = v - at(in, i) - at(in, i+t.BlockDim.X)
}
