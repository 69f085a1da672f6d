package difftest

import "github.com/gocuda/gocuda/gocuda"

// LaneMovesKernel keeps across a barrier x, a helper's result made by
// shuffles (its inlined copy of the helper's variable), and keep, a copy
// of a shuffle's result: the compiled form's lane loops that only copy
// them into scratch run as copies (lane_moves.go). Each thread writes
// 2*keep + x.
//
//gocuda:kernel LaneMovesKernel
func laneMoves(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	x := scanSteps(t, v)
	y := gocuda.ShflXorSync(t, gocuda.FullMask, x, 3, gocuda.WarpSize)
	keep := y
	t.SyncThreads()
	if i < len(out) {
		out[i] = 2*keep + x
	}
}

// LaneMovesReturnKernel is LaneMovesKernel where the threads from cut on
// in each block return first: the lanes that copy are no longer a
// warp's first ones, and the lane loops run lane by lane.
//
//gocuda:kernel LaneMovesReturnKernel
func laneMovesReturn(t *gocuda.Thread, in, out []int32, cut int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if t.ThreadIdx.X >= cut {
		return
	}
	var v int32
	if i < len(in) {
		v = in[i]
	}
	x := scanSteps(t, v)
	y := gocuda.ShflXorSync(t, gocuda.FullMask>>(32-min(32, cut-t.WarpID()*32)), x, 3, gocuda.WarpSize)
	keep := y
	t.SyncThreads()
	if i < len(out) {
		out[i] = 2*keep + x
	}
}

// GuardedLaneLoadKernel loads each lane's element into v under i <
// len(in), which a whole warp's row check decides (there the warp's row
// is one copy), copies v to w, which the warp keeps across its shuffles,
// and writes w after five butterfly steps, each adding twice the value of
// the lane d apart.
//
//gocuda:kernel GuardedLaneLoadKernel
func guardedLaneLoad(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	w := v
	for d := 1; d < gocuda.WarpSize; d *= 2 {
		w += 2 * gocuda.ShflXorSync(t, gocuda.FullMask, w, d, gocuda.WarpSize)
	}
	z := unchangedThrough(t, w) // w stays in the warp's lanes: z leaves it
	if i < len(out) {
		out[i] = z
	}
}

// LaneGuardLoadKernel is GuardedLaneLoadKernel with the load under i&k
// == 0, which no row check decides: the threads it rejects load nothing.
//
//gocuda:kernel LaneGuardLoadKernel
func laneGuardLoad(t *gocuda.Thread, in, out []int32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i&k == 0 {
		v = in[i]
	}
	w := v
	for d := 1; d < gocuda.WarpSize; d *= 2 {
		w += 2 * gocuda.ShflXorSync(t, gocuda.FullMask, w, d, gocuda.WarpSize)
	}
	z := unchangedThrough(t, w) // w stays in the warp's lanes: z leaves it
	if i < len(out) {
		out[i] = z
	}
}

// unchangedThrough returns v after a warp's sync: inlined, it leaves v
// among the warp's collectives.
func unchangedThrough(t *gocuda.Thread, v int32) int32 {
	t.SyncWarp(gocuda.FullMask)
	return v
}

// ShiftMovesKernel keeps across a barrier the values of its warp's lanes
// 3 before (up) and 5 after (down) each lane, shuffled from v after a
// shuffle step: the compiled form copies each, shifted, from v's lanes
// where the warp runs whole (shuffleMove). out[i] = 2*up - down.
//
//gocuda:kernel ShiftMovesKernel
func shiftMoves(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	v += gocuda.ShflXorSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
	up := gocuda.ShflUpSync(t, gocuda.FullMask, v, 3, gocuda.WarpSize)
	down := gocuda.ShflDownSync(t, gocuda.FullMask, v, 5, gocuda.WarpSize)
	t.SyncThreads()
	if i < len(out) {
		out[i] = 2*up - down
	}
}
