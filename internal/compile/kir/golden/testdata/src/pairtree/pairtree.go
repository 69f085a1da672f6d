// Package pairtree holds warp-level kernels whose lanes each add two
// elements a block apart and whose warps then sum those lanes' values
// with shuffles down to lane 0, alone read after: Luitjens's warp-shuffle
// reduction. A whole warp runs the adds and the tree as one call, its
// partial sums in registers. And lookalikes that run as written.
package pairtree

import "github.com/gocuda/gocuda/gocuda"

// at returns in[i], or zero past its end: a guarded load.
func at(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}

func warpSum(t *gocuda.Thread, v float32) float32 {
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
	}
	return v
}

// luitjens sums a warp's first adds through a helper, lane 0 writing the
// sum: fused.
func luitjens(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	sum := warpSum(t, at(in, i)+at(in, i+t.BlockDim.X))
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = sum
	}
}

// inline sums the adds with the loop written in the kernel: fused.
func inline(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) + at(in, i+t.BlockDim.X)
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}

// everyLane writes every lane's partial sum: as written.
func everyLane(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) + at(in, i+t.BlockDim.X)
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	out[i] = v
}

// product multiplies the two elements: as written.
func product(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) * at(in, i+t.BlockDim.X)
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}

// alsoStores stores a lane's first add before the tree: as written.
func alsoStores(t *gocuda.Thread, in, out, first []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) + at(in, i+t.BlockDim.X)
	first[i] = v
	for o := 16; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}

// fromEight starts the tree at offset 8: as written.
func fromEight(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) + at(in, i+t.BlockDim.X)
	for o := 8; o > 0; o /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, o, 32)
	}
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}
