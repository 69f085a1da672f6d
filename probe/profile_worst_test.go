package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestProfileWorstAccess: a line keeps its costliest warp-level access
// for gocuda profile -html's diagrams. Warp 0 reads consecutive words (4
// sectors), warp 1 a column of stride 32 words (32 sectors): the column
// is kept, its lanes 128 bytes apart from a 1024-aligned base. The shared
// column read of tile[32][32] is the 32-way conflict, all lanes on bank 0.
func TestProfileWorstAccess(t *testing.T) {
	sites := Register([]Site{
		{Kind: Read, Func: "probe.worst", File: "worst.go", Line: 3, Expr: "x[i]"},
		{Kind: Write, Func: "probe.worst", File: "worst.go", Line: 4, Expr: "tile[i]"},
		{Kind: Barrier, Func: "probe.worst", File: "worst.go", Line: 5},
		{Kind: Read, Func: "probe.worst", File: "worst.go", Line: 6, Expr: "tile[lane*32]"},
	})
	x := make([]float32, 32*64)
	p := profileOne(t, "sm_70", "", gocuda.Config{Block: gocuda.Dim3{X: 64}}, func(t *gocuda.Thread) {
		lane, warp := t.ThreadIdx.X%32, t.ThreadIdx.X/32
		i := lane
		if warp == 1 {
			i = 32 * lane
		}
		v := *Index(t, &sites[0], x, i)
		tile := gocuda.Shared[float32](t, 32*32)
		*Index(t, &sites[1], tile, t.ThreadIdx.X) = v
		Sync(t, &sites[2], t).SyncThreads()
		_ = *Index(t, &sites[3], tile, lane*32)
	})
	g := lineAt(t, p, 3).WorstGlobal
	require.NotNil(t, g)
	assert.Equal(t, "global", g.Space)
	assert.Equal(t, "load", g.Kind)
	assert.Equal(t, 4, g.Size)
	assert.Equal(t, 1, g.Requests)
	assert.Equal(t, 32, g.Transactions)
	require.Len(t, g.Addrs, 32)
	for lane := 1; lane < 32; lane++ {
		assert.Equal(t, int64(128), g.Addrs[lane]-g.Addrs[lane-1], "lane %d", lane)
	}
	assert.Less(t, g.Addrs[0], int64(1024))
	assert.Nil(t, lineAt(t, p, 3).WorstShared)

	s := lineAt(t, p, 6).WorstShared
	require.NotNil(t, s)
	assert.Equal(t, "shared", s.Space)
	assert.Equal(t, 32, s.Transactions)
	assert.Equal(t, 1, s.Ideal)
	for lane, a := range s.Addrs {
		assert.Equal(t, int64(128*lane), a, "lane %d: offset of tile[lane*32]", lane)
	}
	st := lineAt(t, p, 4).WorstShared
	require.NotNil(t, st)
	assert.Equal(t, "store", st.Kind)
	assert.Equal(t, 1, st.Transactions, "consecutive words: one wavefront")
}
