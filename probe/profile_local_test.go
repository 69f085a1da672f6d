package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestProfileLocal: a thread's own array is local memory, interleaved
// word by word across the threads (CUDA C++ Programming Guide, "Local
// Memory"): a warp reading one element of its lanes' copies reads 128
// consecutive bytes, four sectors on sm_70; reading a different element
// per lane (acc[lane%8]) touches 32 sectors. Neither is a global access.
func TestProfileLocal(t *testing.T) {
	sites := Register([]Site{
		{Kind: Write, Func: "probe.local", File: "local.go", Line: 3, Expr: "acc[k]"},
		{Kind: Read, Func: "probe.local", File: "local.go", Line: 4, Expr: "acc[lane%8]"},
	})
	out := make([]float32, 64)
	p := profileOne(t, "sm_70", "32", blocks(1), func(t *gocuda.Thread) {
		var acc [8]float32
		for k := range 8 {
			*Local(t, &sites[0], &acc, &acc[k]) = float32(k)
		}
		out[t.ThreadIdx.X] = *Local(t, &sites[1], &acc, &acc[t.LaneID()%8])
	})
	store, load := lineAt(t, p, 3).Counts, lineAt(t, p, 4).Counts
	assert.Equal(t, []int{16, 64}, []int{store.LocalStRequests, store.LocalStTransactions}, "2 warps × 8 elements, 4 sectors each")
	assert.Equal(t, []int{2, 64}, []int{load.LocalLdRequests, load.LocalLdTransactions}, "2 warps, 32 sectors each")
	assert.Zero(t, store.GstRequests+load.GldRequests, "no global access")
	assert.Equal(t, 4.0, lineAt(t, p, 3).Metrics.LocalStoreTransactionsPerRequest)
}
