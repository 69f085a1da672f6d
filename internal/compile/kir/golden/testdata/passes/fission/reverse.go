// Package fission holds the inputs of the fission pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package fission

import "github.com/gocuda/gocuda/gocuda"

// reverse reverses each block's elements through shared memory.
//
// fission puts the code on each side of the barrier in a thread loop,
// and the uniform declarations (the shared slice, n, base) in block
// code run once per block; tid, remat, is computed in the loops.
func reverse(t *gocuda.Thread, d []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	n := t.BlockDim.X
	base := t.BlockIdx.X * n
	s[tid] = d[base+tid]
	t.SyncThreads()
	d[base+tid] = s[n-tid-1]
}
