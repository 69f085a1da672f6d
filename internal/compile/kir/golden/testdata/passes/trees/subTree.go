package trees

import "github.com/gocuda/gocuda/gocuda"

// subTree subtracts: x - y is not y - x, nor associative.
//
// Unchanged: its step's operator is no accumulation the fold rules know.
func subTree(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] -= sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}
