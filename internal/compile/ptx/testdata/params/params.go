// Package params has kernels taking structs by value, as ports of
// CUDA's parameter structs do, and calling a pointer method of a local
// struct (TestStructParams).
package params

import "github.com/gocuda/gocuda/gocuda"

// window holds slices, a pointer and a nested struct, unexported.
type window struct {
	n     int32
	scale float32
	in    []float32
	sum   *float64
	b     bounds
	Last  bool
}

type bounds struct{ lo, hi int }

//gocuda:kernel ScaleKernel
func scale(t *gocuda.Thread, w window, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < w.b.lo || i >= w.b.hi || i >= int(w.n) {
		return
	}
	v := w.in[i] * w.scale
	if w.Last {
		*w.sum += float64(v)
	}
	out[i] = v
}

// counter counts through a pointer receiver.
type counter struct{ n int32 }

func (c *counter) add(k int32) { c.n += k }

//gocuda:kernel CountKernel
func count(t *gocuda.Thread, c counter, out []int32) {
	var local counter
	local.add(int32(t.ThreadIdx.X))
	c.add(1)
	if i := t.ThreadIdx.X; i < len(out) {
		out[i] = local.n + c.n
	}
}
