package warp

import "github.com/gocuda/gocuda/gocuda"

// reverse reverses each block's elements through shared memory.
//
// Unchanged: no warp collective, so no warp loop to lower.
func reverse(t *gocuda.Thread, d []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	n := t.BlockDim.X
	base := t.BlockIdx.X * n
	s[tid] = d[base+tid]
	t.SyncThreads()
	d[base+tid] = s[n-tid-1]
}
