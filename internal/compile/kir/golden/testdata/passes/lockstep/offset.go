package lockstep

import "github.com/gocuda/gocuda/gocuda"

// offset runs flat: its start is a grid-wide base plus the global index,
// and each trip writes only out[i] and reads a slice no thread writes.
//
// lockstep marks the grid-stride loop lockstep: its start is the thread's
// global index plus a uniform base and its step the grid's extent.
func offset(t *gocuda.Thread, in []float32, out []float32, base, last int) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := base + t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i <= last; i += stride {
		out[i] = in[i] + in[max(i-1, 0)]
	}
}
