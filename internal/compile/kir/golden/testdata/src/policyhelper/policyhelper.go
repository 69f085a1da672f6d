// Package policyhelper holds generic kernels passing their type
// parameters to a generic helper that calls the policy's method: a
// policy with a value receiver, and one with a pointer receiver and state
// of the thread's own (a second type parameter, its element).
package policyhelper

import "github.com/gocuda/gocuda/gocuda"

// stepper is a warp scan's policy: one step at a distance.
type stepper interface {
	step(t *gocuda.Thread, v int32, offset int) int32
}

// shfl steps with a shuffle up.
type shfl struct{}

func (shfl) step(t *gocuda.Thread, v int32, offset int) int32 {
	u := gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	if t.LaneID() >= offset {
		v += u
	}
	return v
}

// counter is shfl counting its steps: a pointer receiver writing its
// state.
type counter struct{ steps int32 }

func (c *counter) step(t *gocuda.Thread, v int32, offset int) int32 {
	c.steps++
	return shfl{}.step(t, v, offset)
}

func (c *counter) count() int32 { return c.steps }

// The Handbook's inclusive warp scan over policy p.
func inclusive[P stepper](t *gocuda.Thread, p P, v int32) int32 {
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		v = p.step(t, v, offset)
	}
	return v
}

// viaHelper passes a zero policy of its own type parameter to inclusive.
func viaHelper[P stepper](t *gocuda.Thread, in, out []int32) {
	var p P
	out[t.ThreadIdx.X] = inclusive(t, p, in[t.ThreadIdx.X])
}

// counting scans with a policy of pointer receivers on a thread's own
// state, as Go writes a constraint on a pointer to a type parameter.
func counting[C any, P interface {
	*C
	stepper
	count() int32
}](t *gocuda.Thread, in, out []int32) {
	var c C
	p := P(&c)
	v := inclusive(t, p, in[t.ThreadIdx.X])
	out[t.ThreadIdx.X] = v + p.count()
}
