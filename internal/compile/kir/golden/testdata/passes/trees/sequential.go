// Package trees holds the inputs of the trees pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package trees

import "github.com/gocuda/gocuda/gocuda"

// sequential is Harris's kernel 3: only sdata[0] is read after the tree.
//
// trees folds the halving tree over sdata, up to three steps a trip,
// only element 0 read after it.
func sequential(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}
