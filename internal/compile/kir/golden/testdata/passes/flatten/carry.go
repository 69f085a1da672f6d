package flatten

import "github.com/gocuda/gocuda/gocuda"

// carry is not flat: a trip reads the element the thread's previous trip
// wrote.
//
// Unchanged: a trip reads what the thread's previous trip wrote, so the
// trips must run in the order of the thread's loop.
func carry(t *gocuda.Thread, out []int32) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + stride; i < len(out); i += stride {
		out[i] += out[i-stride] + 1
	}
}
