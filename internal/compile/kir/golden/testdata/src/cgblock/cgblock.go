// Package cgblock holds kernels written with cooperative groups' thread
// block.
package cgblock

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// reverse reverses each block's elements through shared memory, as the
// CUDA Programming Guide's cooperative-groups examples write it.
func reverse(t *gocuda.Thread, d []int32) {
	block := cg.ThisThreadBlock(t)
	n := block.Size()
	s := gocuda.Shared[int32](t, n)
	tid := block.ThreadRank()
	base := block.GroupIndex().X * n
	s[tid] = d[base+tid]
	block.Sync()
	d[base+tid] = s[n-tid-1]
}
