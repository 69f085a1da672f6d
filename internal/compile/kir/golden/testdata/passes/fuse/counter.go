// Package fuse holds the inputs of the fuse pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package fuse

import "github.com/gocuda/gocuda/gocuda"

// counter updates a uniform counter between two loops that do not read
// it: the loops merge, the update moved before them.
//
// fuse merges the two thread loops, moving the block code that updates
// k, which neither reads, before them.
func counter(t *gocuda.Thread, in, out []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	s[tx] = in[tx]
	t.SyncThreads()
	k := int32(1)
	s[tx] *= 2
	k += 3
	out[tx] = s[tx]
	t.SyncThreads()
	out[tx] += k
}
