package difftest

import "github.com/gocuda/gocuda/gocuda"

// LaneBoundsKernel sets out[i], for thread i of the grid, to a sum of
// flags, one per comparison of i (or 2*i) with the bounds lo and hi, and
// adds in[i] where lo <= i < hi through a guarded helper: the vector
// steps test each comparison once for the step where every lane passes
// it, and under a mask where only some do.
//
//gocuda:kernel LaneBoundsKernel
func laneBounds(t *gocuda.Thread, in, out []float32, lo, hi int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var v float32
	if i < hi {
		v += 1
	}
	if i <= hi {
		v += 2
	}
	if i > lo {
		v += 4
	}
	if i >= lo {
		v += 8
	}
	if 2*i < hi {
		v += 16
	}
	if i >= lo && i < hi {
		v += laneBoundsAt(in, i)
	}
	if i < lo || i > hi {
		v += 64
	}
	out[i] = v
}

// laneBoundsAt returns in[i], or zero past its end.
func laneBoundsAt(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}
