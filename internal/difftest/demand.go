package difftest

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file reduce each warp's values with a shuffle-down
// loop whose offsets halve and read the result in a warp's first lanes
// only: the compiled form's whole-warp steps add only the lanes the later
// steps read (the demand pass).

// DemandRowsKernel reduces each warp's elements of in with shuffles down,
// then, after a barrier, thread (0, y) of block b writes its value to
// out[b*blockDim.y+y]: in a one-dimensional block, thread 0's, lane 0 of
// warp 0; in a block of rows shorter than a warp, the lanes starting each
// row, whose partial sums all the steps' lanes must compute.
//
//gocuda:kernel DemandRowsKernel
func demandRows(t *gocuda.Thread, in, out []float32) {
	n := t.BlockDim.X * t.BlockDim.Y
	rank := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	v := DemandSum(t, in[t.BlockIdx.X*n+rank], 16)
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y] = v
	}
}

// DemandLanesKernel reduces each warp's elements of in with shuffles down
// from offset start, and the warp's first three lanes write their partial
// sums to out[3*w+lane], w the warp's index in the grid.
//
//gocuda:kernel DemandLanesKernel
func demandLanes(t *gocuda.Thread, in, out []float32, start int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := DemandSum(t, in[i], start)
	if t.LaneID() < 3 {
		out[3*(i/32)+t.LaneID()] = v
	}
}

// DemandSum is Luitjens's warpReduceSum from offset start: each step
// adds the value start, start/2, ... lanes down; lane 0 gets the warp's
// sum where start is 16.
func DemandSum(t *gocuda.Thread, v float32, start int) float32 {
	for offset := start; offset > 0; offset >>= 1 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}

// DemandBranchKernel reduces each warp's elements of in with shuffles
// down, then, after a barrier, each lane whose partial sum is positive
// counts the lanes of its warp that branch with it (__activemask in the
// branch): every lane's value is read, by the branch's condition.
//
//gocuda:kernel DemandBranchKernel
func demandBranch(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := DemandSum(t, in[i], 16)
	t.SyncThreads()
	w := float32(-1)
	if v > 0 {
		w = float32(bits.OnesCount32(t.ActiveMask()))
	}
	out[i] = w
}
