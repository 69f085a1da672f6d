package difftest

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// GridPhasesKernel alternates grid-wide phases as cooperative kernels do:
// each thread writes its element, the grid synchronizes, then each reads
// its neighbour's (in another block at the block's edge), rounds times,
// with per-thread state (v) kept across the grid barriers. It calls
// SyncGrid on the thread and on cg.ThisGrid, and reads the grid's rank.
// stopBlock, if not negative, is a block whose threads all return before
// the first grid barrier (a deadlock: the others wait there forever).
//
//gocuda:kernel GridPhasesKernel
func gridPhases(t *gocuda.Thread, buf []int32, ranks []int64, rounds, stopBlock int) {
	g := cg.ThisGrid(t)
	i := int(g.ThreadRank())
	ranks[i] = g.ThreadRank()*10 + int64(g.BlockRank())
	if t.BlockIdx.X == stopBlock {
		return
	}
	v := int32(i)
	for r := 0; r < rounds; r++ {
		buf[i] = v
		if r%2 == 0 {
			t.SyncGrid()
		} else {
			g.Sync()
		}
		v += buf[(i+1)%len(buf)]
		g.Sync()
	}
	buf[i] = v
}
