// Package wordings holds one grid-stride sum in the words different
// students write it in: the back end's facts must decide the same checks
// and unrolling for each (TestWordings).
package wordings

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

//gocuda:kernel TextbookKernel
func textbook(t *gocuda.Thread, in, out []float32) {
	n := len(in)
	stride := t.BlockDim.X * t.GridDim.X
	var s float32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += stride {
		s += in[i]
	}
	if g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; g < len(out) {
		out[g] = s
	}
}

//gocuda:kernel FlippedKernel
func flipped(t *gocuda.Thread, in, out []float32) {
	var s float32
	for i := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X; len(in) > i; i = i + t.GridDim.X*t.BlockDim.X {
		s += in[i]
	}
	if g := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X; g < len(out) {
		out[g] = s
	}
}

//gocuda:kernel InclusiveKernel
func inclusive(t *gocuda.Thread, in, out []float32) {
	var s float32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i <= len(in)-1; i += t.BlockDim.X * t.GridDim.X {
		s += in[i]
	}
	if g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; g < len(out) {
		out[g] = s
	}
}

//gocuda:kernel DeclaredKernel
func declared(t *gocuda.Thread, in, out []float32) {
	var s float32
	var i int
	for i = t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(in); i += t.BlockDim.X * t.GridDim.X {
		s += in[i]
	}
	if g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; g < len(out) {
		out[g] = s
	}
}

//gocuda:kernel BeforeKernel
func before(t *gocuda.Thread, in, out []float32) {
	var s float32
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for ; i < len(in); i += t.BlockDim.X * t.GridDim.X {
		s += in[i]
	}
	if g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; g < len(out) {
		out[g] = s
	}
}

// Neither is a counted loop: i <= m with m the type's maximum never ends
// (i wraps), and i, written in the body, may go below zero.

//gocuda:kernel EndlessKernel
func endless(t *gocuda.Thread, in, out []float32) {
	var s float32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i <= math.MaxInt; i += t.BlockDim.X * t.GridDim.X {
		s += in[i]
	}
	if g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; g < len(out) {
		out[g] = s
	}
}

//gocuda:kernel WrittenKernel
func written(t *gocuda.Thread, in, out []float32) {
	var s float32
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for ; i < len(in); i += t.BlockDim.X * t.GridDim.X {
		s += in[i]
		i -= int(s)
	}
	if g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; g < len(out) {
		out[g] = s
	}
}
