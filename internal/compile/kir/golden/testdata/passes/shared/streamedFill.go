package shared

import "github.com/gocuda/gocuda/gocuda"

// streamedFill loads a block's shared row from two streams, which the
// streams pass reorders before this pass (its loads ahead, then the
// rest, or the loop as written).
//
// shared marks the row filled, not zeroed: the rest and the loop as
// written both store every thread's element, and the loads ahead do not
// name it.
func streamedFill(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	s[tid] = in[i] + in[i+t.BlockDim.X]
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = s[t.BlockDim.X-1-tid]
}
