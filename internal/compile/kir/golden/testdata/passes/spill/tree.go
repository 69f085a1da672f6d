// Package spill holds the inputs of the spill pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package spill

import "github.com/gocuda/gocuda/gocuda"

// tree sums a block in shared memory; sum lives across barriers.
//
// spill keeps sum per thread: it is written in one thread loop and read
// in another, past a barrier.
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
