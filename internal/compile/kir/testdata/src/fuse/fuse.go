// Package fuse holds thread loops the fuse pass merges across block code,
// and loops it keeps apart.
package fuse

import "github.com/gocuda/gocuda/gocuda"

// counter updates a uniform counter between two loops that do not read
// it: the loops merge, the update moved before them.
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

// rematGuard returns threads under a guard computed from w, which the
// code after it updates: the guard is computed again in its loop, so the
// loops stay apart and the update between them.
func rematGuard(t *gocuda.Thread, out []int32, p int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	w := p + int32(t.BlockIdx.X)
	e := (w^2) != 3 && tx == 0
	s[tx] = int32(tx)
	t.SyncThreads()
	if e {
		return
	}
	w ^= p
	s[tx]++
	t.SyncThreads()
	out[tx] = s[tx] + w
}
