package difftest

import "github.com/gocuda/gocuda/gocuda"

// LaneRangeKernel scans in over each warp with __shfl_up_sync, each step's
// addition guarded by comparisons of the lane with values the same for
// the warp, in each form the compiler runs over a range of lanes (lane >=
// d written d <= lane, lane < lim+d, a condition of the warp alone); then
// a shuffle down whose guard bounds the lane from above with <= and from
// below with >, with lim possibly far out of a warp's range; then one
// whose guard is a disjunction, which it leaves to every lane; then one
// assigned, not declared, before a guard on both sides. Blocks
// whose size is no multiple of 32 leave the last warp partly active.
//
//gocuda:kernel LaneRangeKernel
func laneRange(t *gocuda.Thread, in, out []int32, lim int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	lane, warp := t.LaneID(), t.WarpID()
	lanes := min(gocuda.WarpSize, t.BlockDim.X-warp*gocuda.WarpSize)
	for d := 1; d < gocuda.WarpSize; d <<= 1 {
		y := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, gocuda.WarpSize)
		if d <= lane && lane < lim+d && d < lanes {
			v += y
		}
	}
	z := gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
	if lane <= lim && lane > lim-9 {
		v = 3*v - z
	}
	z = gocuda.ShflDownSync(t, gocuda.FullMask, v, 2, gocuda.WarpSize)
	if lane > 30-lim || warp > 0 && lane <= 4 {
		v ^= z
	}
	z = gocuda.ShflDownSync(t, gocuda.FullMask, v, 4, gocuda.WarpSize)
	if lane >= lim-3 && lane < lim+3 {
		v -= z
	}
	if i < len(out) {
		out[i] = v
	}
}

// LaneEqualKernel sums each warp's values with __shfl_xor_sync, then one
// lane of each warp, chosen by an equality with a value the same for the
// warp (sel, which may be past the warp's lanes or negative), stores the
// sum where its x and y coordinates in the block say: a lane loop the
// compiler runs over that lane alone, counting the coordinates from it.
// Blocks whose rows are no multiple of 32 put a row's end inside a warp.
// An out too short makes the chosen lane's store fail.
//
//gocuda:kernel LaneEqualKernel
func laneEqual(t *gocuda.Thread, in, out []int32, lim int) {
	rank := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X*t.BlockDim.Y + rank
	var v int32
	if i < len(in) {
		v = in[i]
	}
	for d := 1; d < gocuda.WarpSize; d <<= 1 {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v, d, gocuda.WarpSize)
	}
	lane, warp := t.LaneID(), t.WarpID()
	sel := (lim+warp*7)%40 - 4
	if lane == sel {
		x, y := t.ThreadIdx.X, t.ThreadIdx.Y
		out[(t.BlockIdx.X*t.BlockDim.Y+y)*t.BlockDim.X+x] = v + int32(100*x+10000*y)
	}
}

// XMaskKernel sums v over the lanes of each warp whose thread x index,
// plus off, is at least lo and whose x index is below hi, in an if on
// that condition holding the collective: the compiler decides the if's
// lanes once per warp where the warp lies in one row of x, lane by lane
// elsewhere. XGuardKernel is the same condition on a thread loop.
//
//gocuda:kernel XMaskKernel
func xMask(t *gocuda.Thread, in, out []int32, lo, hi, off int) {
	tid := t.ThreadIdx.X
	i := (t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y)*t.BlockDim.X + tid
	var v int32
	if i < len(in) {
		v = in[i]
	}
	mask := t.BallotSync(gocuda.FullMask, tid+off >= lo && tid < hi)
	if tid+off >= lo && tid < hi {
		v = gocuda.ReduceAddSync(t, mask, v) + 1000
	}
	if i < len(out) {
		out[i] = v
	}
}

// XGuardKernel marks the threads whose x index, plus off, is at least lo
// and whose x index is below hi.
//
//gocuda:kernel XGuardKernel
func xGuard(t *gocuda.Thread, out []int32, lo, hi, off int) {
	tid := t.ThreadIdx.X
	i := (t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y)*t.BlockDim.X + tid
	if tid+off >= lo && tid < hi {
		out[i] = 1
	}
}
