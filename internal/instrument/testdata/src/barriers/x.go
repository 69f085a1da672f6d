// Package barriers has block and grid barriers.
package barriers

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

func barriers(t *gocuda.Thread, out []int) {
	s := gocuda.Shared[int](t, 64)
	s[t.ThreadIdx.X] = out[t.ThreadIdx.X]
	t.SyncThreads()
	n := t.SyncThreadsCount(s[0] > 0)
	if t.SyncThreadsAnd(n > 0) || t.SyncThreadsOr(n < 0) {
		t.SyncGrid()
	}
	cg.ThisThreadBlock(t).Sync()
	b := cg.ThisThreadBlock(t)
	b.Sync()
	cg.ThisGrid(t).Sync()
	cg.TiledPartition(b, 4).Sync() // a warp-level group: not a barrier
	(*gocuda.Thread).SyncThreads(t)
}
