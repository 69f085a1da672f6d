// Package policy has a generic kernel whose type parameter's method
// shuffles, as The CUDA Handbook's scans take a warp policy: its
// constructor switches on the type argument, the package's policies
// compiled, any other on the runtime path.
package policy

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

// scaled adds k times the lane below: a pointer receiver.
type scaled struct{ k int32 }

func (p *scaled) step(t *gocuda.Thread, v int32, offset int) int32 {
	u := gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	if t.LaneID() >= offset {
		v += p.k * u
	}
	return v
}

// ScanKernel scans each warp's elements with policy p, then scales them.
//
//gocuda:kernel ScanKernel
func scan[P stepper](t *gocuda.Thread, p P, in, out []int32, scale ...int32) {
	v := in[t.ThreadIdx.X]
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		v = p.step(t, v, offset)
	}
	for _, s := range scale {
		v *= s
	}
	out[t.ThreadIdx.X] = v
}
