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

// state is a host struct of slices passed by pointer, as HeCBench's
// Hungarian passes its device arrays: the launch copies the slices it
// holds too.
type state struct {
	cost  []int32
	cover []int32
	done  bool
}

//gocuda:kernel StepKernel
func step(t *gocuda.Thread, s *state, rows [][]float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(s.cost) && i < len(rows) && len(rows[i]) > 0 {
		s.cover[i] = s.cost[i] + int32(rows[i][0])
		s.done = true
	}
}

// rows is a struct of slices whose pointer method is called: it lives
// in local memory, its slices too.
type rows struct {
	offsets []int32
	chars   []byte
}

func (r *rows) size() int { return len(r.offsets) - 1 }

//gocuda:kernel RowsKernel
func rowsKernel(t *gocuda.Thread, r rows, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < r.size() && i < len(out) {
		out[i] = r.offsets[i+1] - r.offsets[i]
	}
}
