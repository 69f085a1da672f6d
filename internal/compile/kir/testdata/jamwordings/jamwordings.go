// Package jamwordings holds one reduction of a run per thread in the
// wordings students and codebases write it, each of which the jam pass
// must interleave four threads at a time (TestJamWordings): a helper
// call, a range loop, a counted loop, a loop whose sum is stored after
// it, a loop before a shuffle, a helper whose result an inlined helper's
// parameter copies on, and a call whose result cooperative groups
// reduce.
package jamwordings

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

func helperCall(t *gocuda.Thread, x, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = sum(x[i*run : i*run+run])
}

func rangeLoop(t *gocuda.Thread, x, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for _, e := range x[i*run : i*run+run] {
		s += e
	}
	out[i] = s
}

func countedLoop(t *gocuda.Thread, x, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := float32(0)
	for k := i * run; k < i*run+run; k++ {
		s += x[k]
	}
	out[i] = s
}

func beforeShuffle(t *gocuda.Thread, x, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for k := 0; k < run; k++ {
		s += x[i*run+k]
	}
	for off := 16; off > 0; off /= 2 {
		s += gocuda.ShflDownSync(t, gocuda.FullMask, s, off, 32)
	}
	if t.LaneID() == 0 {
		out[i/32] = s
	}
}

func copiedOn(t *gocuda.Thread, x, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := warpTotal(t, sum(x[i*run:i*run+run]))
	if t.LaneID() == 0 {
		out[i/32] = s
	}
}

func groupReduce(t *gocuda.Thread, x, out []float32, run int) {
	tile := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := sum(x[i*run : i*run+run])
	s = cg.Reduce(tile, s, cg.Plus[float32])
	if tile.ThreadRank() == 0 {
		out[i/32] = s
	}
}

// A helper: sum adds xs up.
func sum(xs []float32) float32 {
	var s float32
	for _, e := range xs {
		s += e
	}
	return s
}

// A helper: warpTotal sums v over the warp through a copy of it.
func warpTotal(t *gocuda.Thread, v float32) float32 {
	v = warpSum(t, v)
	return v
}

// A helper: warpSum sums v over the warp, into lane 0.
func warpSum(t *gocuda.Thread, v float32) float32 {
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	return v
}
