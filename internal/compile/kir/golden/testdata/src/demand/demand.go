// Package demand holds shuffle-down reductions whose result only a
// warp's first lanes are read for, and lookalikes whose every lane is.
package demand

import "github.com/gocuda/gocuda/gocuda"

// warpSum is Luitjens's warpReduceSum: lane 0 gets the warp's sum (the
// thread last: not a kernel of this package's golden tests).
func warpSum(v float32, t *gocuda.Thread) float32 {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}

// laneZero stores each warp's sum from lane 0: the steps add lanes
// [0, offset).
func laneZero(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := warpSum(in[i], t)
	if t.LaneID() == 0 {
		out[i/32] = v
	}
}

// blockSum is Luitjens's blockReduceSum: lane 0 of each warp stores its
// warp's sum, warp 0 sums them after a barrier, and thread 0 writes the
// block's: the first reduction's value is read by lane 0 and, after the
// barrier, by thread 0 (lanes [0, 1) where the block is one-dimensional).
func blockSum(t *gocuda.Thread, in, out []float32) {
	sums := gocuda.Shared[float32](t, 32)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := warpSum(in[i], t)
	if t.LaneID() == 0 {
		sums[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.WarpID() == 0 {
		var s float32
		if t.LaneID() < (t.BlockDim.X+31)/32 {
			s = sums[t.LaneID()]
		}
		v = warpSum(s, t)
	}
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = v
	}
}

// everyLane stores every lane's partial sum: no step narrows.
func everyLane(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = warpSum(in[i], t)
}

// firstFour reads lanes [0, 4): a step by d adds lanes [0, d+3).
func firstFour(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := warpSum(in[i], t)
	if t.LaneID() < 4 {
		out[i] = v
	}
}

// countDown steps its offset down by one: not a halving reduction.
func countDown(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for offset := 4; offset > 0; offset-- {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
	}
	if t.LaneID() == 0 {
		out[i/32] = v
	}
}

// rows reads the reduction after a barrier in the threads x == 0: lanes
// [0, 1) where the block is one-dimensional.
func rows(t *gocuda.Thread, in, out []float32) {
	n := t.BlockDim.X * t.BlockDim.Y
	rank := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	v := in[t.BlockIdx.X*n+rank]
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y] = v
	}
}

// sumFrom is warpSum from offset start.
func sumFrom(v float32, start int, t *gocuda.Thread) float32 {
	for offset := start; offset > 0; offset >>= 1 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}

// firstThree reads lanes [0, 3) through a variable the if declares,
// which the pass does not follow: no step narrows.
func firstThree(t *gocuda.Thread, in, out []float32, start int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := sumFrom(in[i], start, t)
	if lane := t.LaneID(); lane < 3 {
		out[3*(i/32)+lane] = v
	}
}

// countAfter counts, at a predicate barrier after the reduction, the
// threads whose value is positive: every lane's value is read, no step
// narrows.
func countAfter(t *gocuda.Thread, in, out []float32, counts []int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := warpSum(in[i], t)
	n := t.SyncThreadsCount(v > 0)
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = v
		counts[t.BlockIdx.X] = n
	}
}

// warpIfAfter branches, in a later warp loop, on every lane's value: no
// step narrows.
func warpIfAfter(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := warpSum(in[i], t)
	t.SyncThreads()
	w := float32(0)
	if v > 0 {
		w = gocuda.ShflXorSync(t, t.ActiveMask(), float32(i), 1, 32)
	}
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = w
	}
}

// copyAndStore copies lane 0's sum in a lane loop that also stores
// every lane's index: the loop runs every lane (only a loop of copies
// runs lanes [0, 1)).
func copyAndStore(t *gocuda.Thread, in, out, lanes []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := warpSum(in[i], t)
	s := v
	lanes[i] = float32(t.LaneID())
	if t.LaneID() == 0 {
		out[i/32] = s
	}
}
