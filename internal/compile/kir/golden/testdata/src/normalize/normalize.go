// Package normalize holds kernels whose barriers and collectives stand
// inside expressions.
package normalize

import "github.com/gocuda/gocuda/gocuda"

func fmaxf(a, b float32) float32 { return max(a, b) }

// argument is a warp max whose shuffle is an argument of fmaxf.
func argument(t *gocuda.Thread, v []float32) {
	x := v[t.ThreadIdx.X]
	for off := 16; off > 0; off /= 2 {
		x = fmaxf(x, gocuda.ShflXorSync(t, gocuda.FullMask, x, off, 32))
	}
	v[t.ThreadIdx.X] = x
}

// shortCircuit votes only in the lanes whose left operand holds.
func shortCircuit(t *gocuda.Thread, v []int32) {
	if t.LaneID() < 8 && t.AnySync(0xff, v[t.ThreadIdx.X] > 0) {
		v[t.ThreadIdx.X] = 1
	}
}

// loopCondition loops while any thread of the block asks to.
func loopCondition(t *gocuda.Thread, v []int32) {
	for t.SyncThreadsOr(v[t.ThreadIdx.X] > 0) {
		v[t.ThreadIdx.X]--
	}
}
