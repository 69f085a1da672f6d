// Package operandcopy holds collectives whose value operand copies a
// variable the warp keeps per lane: read from that variable's lane array
// where the copies hold when the collective runs, from an array of the
// operand's own elsewhere.
package operandcopy

import "github.com/gocuda/gocuda/gocuda"

// copied shuffles x, a copy of a copy of v (an inlined helper's result)
// that no lane reads after the shuffle, in a lane loop that leaves v as
// it is: the shuffle reads v's lanes.
func copied[T int32 | float32](t *gocuda.Thread, in, out []T) {
	tx := t.ThreadIdx.X
	v := in[tx]
	v += gocuda.ShflUpSync(t, gocuda.FullMask, v, 1, 32)
	s := gocuda.ShflXorSync(t, gocuda.FullMask, v, 4, 32)
	var r T = v
	x := r
	y := gocuda.ShflUpSync(t, gocuda.FullMask, x, 1, 32)
	out[tx] = y + s
}

// changed copies v, then changes v before the shuffle: v's lanes no
// longer hold the operand.
func changed(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	v := in[tx]
	v += gocuda.ShflXorSync(t, gocuda.FullMask, v, 1, 32)
	x := v
	v++
	y := gocuda.ShflXorSync(t, gocuda.FullMask, x, 2, 32)
	out[tx] = y + v
}

// reassigned changes the copy itself under a lane's condition.
func reassigned(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	v := in[tx]
	v += gocuda.ShflXorSync(t, gocuda.FullMask, v, 1, 32)
	x := v
	if t.LaneID() == 3 {
		x = 0
	}
	y := gocuda.ShflXorSync(t, gocuda.FullMask, x, 2, 32)
	out[tx] = y + v
}

// converted shuffles a conversion of v, not a copy.
func converted(t *gocuda.Thread, in []int32, out []int64) {
	tx := t.ThreadIdx.X
	v := in[tx]
	v += gocuda.ShflXorSync(t, gocuda.FullMask, v, 1, 32)
	x := int64(v)
	y := gocuda.ShflXorSync(t, gocuda.FullMask, x, 2, 32)
	out[tx] = y
}

// addressed takes the copy's address: a pointer could change it.
func addressed(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	v := in[tx]
	v += gocuda.ShflXorSync(t, gocuda.FullMask, v, 1, 32)
	x := v
	p := &x
	*p += 1
	y := gocuda.ShflXorSync(t, gocuda.FullMask, x, 2, 32)
	out[tx] = y
}
