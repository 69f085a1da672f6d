package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

var slotSites = sitesOf("probe.slotKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "slot[warp]"},
	Site{Kind: Barrier, Line: 5, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 6, Expr: "slot[0]"},
	Site{Kind: Write, Line: 7, Expr: "acc[k]"},
)

// slotKernel has every lane of a warp store a value to its warp's shared
// slot, as llm.c's kernels store a warp's sum: the warp's number if same,
// else the lane's. Each thread also fills a register array of its own,
// declared in the loop around the barrier, at the same place for every
// thread.
func slotKernel(out []int32, same bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := slotSites
		tid := t.ThreadIdx.X
		slot := gocuda.Shared[int32](t, t.BlockDim.X/32)
		v := int32(tid / 32)
		if !same {
			v = int32(tid)
		}
		Store(t, &s[0], slot, tid/32, v)
		for k := range 2 {
			var acc [2]int32
			*Local(t, &s[3], &acc, &acc[k]) = v
			Sync(t, &s[1], t).SyncThreads()
		}
		out[t.BlockIdx.X*t.BlockDim.X+tid] = *Index(t, &s[2], slot, 0)
	}
}

// TestSameValueStores: the lanes' stores of one value to one slot are
// write-after-write hazards of the same value, reported apart (and hidden
// by the command); stores of different values are plain hazards. The
// register array is never shadowed: no hazard between the threads'
// copies, however the allocator places them.
func TestSameValueStores(t *testing.T) {
	s := slotSites
	for _, same := range []bool{true, false} {
		out := make([]int32, 128)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, 2, 64, slotKernel(out, same)))
		})
		require.Len(t, got, 1)
		r := got[0]
		assert.Equal(t, []any{"Potential WAW hazard", "WARNING", same, 2 * 2 * 31},
			[]any{r.What, r.Severity, r.SameValue, r.Count}, "same %v", same)
		assert.Equal(t, []*Site{&s[0], &s[0]}, []*Site{siteAt(r.Accesses[0]), siteAt(r.Accesses[1])})
	}
}

// TestReportCounts: a report counts the distinct threads of its second
// access and the distinct addresses, and the launch it came from.
func TestReportCounts(t *testing.T) {
	out := make([]int32, 128)
	rs := reportsOf(checked(t, func(dev *gocuda.Device) {
		require.NoError(t, launch1D(dev, 2, 64, slotKernel(out, false)))
	}))
	require.Len(t, rs, 1)
	// Lanes 1..31 of each warp overwrite its slot: 31*2 threads a block,
	// 2 blocks, at the 2 slots' offsets.
	assert.Equal(t, []int{2 * 2 * 31, 2 * 2 * 31, 2, 1}, []int{rs[0].Count, rs[0].Threads, rs[0].Addresses, rs[0].Launches})
}
