package trees

import "github.com/gocuda/gocuda/gocuda"

// maxTree takes the maximum, not the sum.
//
// trees folds its steps as a sum's, by max (compiled.TreeFoldOp): Go's
// max applied to the same operands in the same order.
func maxTree(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] = max(sdata[tid], sdata[tid+s])
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}
