// Package flatten holds the inputs of the flatten pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package flatten

import "github.com/gocuda/gocuda/gocuda"

// offset runs flat: its start is a grid-wide base plus the global index,
// and each trip writes only out[i] and reads a slice no thread writes.
//
// flatten marks the lockstep grid-stride loop flat: its trips are
// independent, so each chunk runs a contiguous part of the iteration
// space.
func offset(t *gocuda.Thread, in []float32, out []float32, base, last int) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := base + t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i <= last; i += stride {
		out[i] = in[i] + in[max(i-1, 0)]
	}
}
