package shared

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// privateCount counts a block's positive elements in a shared counter of
// one element, which thread 0 clears and the block's last thread merges
// into a global count.
//
// shared makes the counter, where the block is one-dimensional, the first
// element of count's private copy, and skips the loops clearing and
// merging it.
func privateCount(t *gocuda.Thread, in []int32, count []uint32) {
	tid := t.ThreadIdx.X
	last := t.BlockDim.X - 1
	c := gocuda.Shared[uint32](t, 1)
	if tid == 0 {
		c[0] = 0
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(in) && in[i] > 0 {
		atomic.Add(&c[0], 1)
	}
	t.SyncThreads()
	if last == tid {
		atomic.Add(&count[0], c[0])
	}
}
