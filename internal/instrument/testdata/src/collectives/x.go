// Package collectives has warp collectives with masks.
package collectives

import "github.com/gocuda/gocuda/gocuda"

func collectives(t *gocuda.Thread, v []float32, masks []uint32) {
	const full = gocuda.FullMask
	x := gocuda.ShflSync(t, full, v[0], 0, 32)
	x += gocuda.ShflUpSync(t, gocuda.FullMask, x, 1, 32)
	x += gocuda.ShflDownSync(t, masks[t.WarpID()], x, 1, 32)
	x += gocuda.ShflXorSync[float32](t, 0xffffffff, x, 1, 32)
	m := gocuda.MatchAnySync(t, full, int(x))
	_, all := gocuda.MatchAllSync(t, m, int(x))
	r := gocuda.ReduceAddSync(t, full, int32(1)) + gocuda.ReduceMinSync(t, full, int32(2)) + gocuda.ReduceMaxSync(t, full, int32(3))
	_ = gocuda.ReduceAndSync(t, full, 1) | gocuda.ReduceOrSync(t, full, 1) | gocuda.ReduceXorSync(t, full, 1)
	if t.AnySync(full, all) && t.AllSync(full, r > 0) && t.UniSync(full, true) {
		t.SyncWarp(t.BallotSync(full, x > 0))
	}
	v[0] = x
}
