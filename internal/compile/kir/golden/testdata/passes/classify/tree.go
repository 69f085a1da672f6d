// Package classify holds the inputs of the classify pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package classify

import "github.com/gocuda/gocuda/gocuda"

// tree sums a block in shared memory; sum lives across barriers.
//
// classify makes the parameters, the shared slice and the tree's step
// uniform, tid remat (a function of the thread's index) and sum, the
// loop's counter i, varying.
func tree(t *gocuda.Thread, in, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	var sum float32
	for i := tid; i < len(in); i += t.BlockDim.X {
		sum += in[i]
	}
	s[tid] = sum
	t.SyncThreads()
	for step := t.BlockDim.X / 2; step > 0; step >>= 1 {
		if tid < step {
			s[tid] += s[tid+step]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}
