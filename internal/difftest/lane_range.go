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
