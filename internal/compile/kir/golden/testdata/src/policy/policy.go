// Package policy holds generic kernels calling methods of their own type
// parameter, as The CUDA Handbook's warp scans take a policy
// (WarpPolicy::inclusive): each compiles per instantiation.
package policy

import "github.com/gocuda/gocuda/gocuda"

// stepper is a warp scan's policy: one step at a distance.
type stepper interface {
	step(t *gocuda.Thread, v int32, offset int) int32
}

// shfl steps with a shuffle up: a value receiver.
type shfl struct{}

func (shfl) step(t *gocuda.Thread, v int32, offset int) int32 {
	u := gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	if t.LaneID() >= offset {
		v += u
	}
	return v
}

// scaled adds k times the lane below: a pointer receiver reading its
// state.
type scaled struct{ k int32 }

func (p *scaled) step(t *gocuda.Thread, v int32, offset int) int32 {
	u := gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	if t.LaneID() >= offset {
		v += p.k * u
	}
	return v
}

// nested forwards to an inner policy: its method calls a method of its
// own type parameter.
type nested[In stepper] struct{ in In }

func (p nested[In]) step(t *gocuda.Thread, v int32, offset int) int32 {
	return p.in.step(t, v, offset)
}

// own scans with a zero policy of its own type parameter, each step a
// statement of its own.
func own[P stepper](t *gocuda.Thread, in, out []int32) {
	var p P
	v := in[t.ThreadIdx.X]
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		v = p.step(t, v, offset)
	}
	out[t.ThreadIdx.X] = v
}

// param scans with the policy it is passed.
func param[P stepper](t *gocuda.Thread, p P, in, out []int32) {
	v := in[t.ThreadIdx.X]
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		v = p.step(t, v, offset)
	}
	out[t.ThreadIdx.X] = v
}
