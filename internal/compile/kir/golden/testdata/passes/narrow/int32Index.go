package narrow

import "github.com/gocuda/gocuda/gocuda"

// int32Index doubles the elements of out a thread each, its index in
// int32 arithmetic as ports of CUDA's int indexes write it.
//
// narrow bounds x by the guard's wide form, off + x < n in int
// (Bound.Fit): the emitter tests that the row's sums stay int32s before
// it bounds the row.
func int32Index(t *gocuda.Thread, out []float32) {
	i := int32(t.BlockIdx.X)*int32(t.BlockDim.X) + int32(t.ThreadIdx.X)
	if i < int32(len(out)) {
		out[i] *= 2
	}
}
