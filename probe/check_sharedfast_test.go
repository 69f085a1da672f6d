package probe

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

var tileSites = sitesOf("probe.tileKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "sh[tid]"},
	Site{Kind: Barrier, Line: 5, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 7, Expr: "sh[j]"},
	Site{Kind: Write, Line: 9, Expr: "sh[0]"},
	Site{Kind: Write, Line: 10, Expr: "out[i]"},
)

// tileKernel loads a shared tile, one element a thread, and after a
// barrier has every thread read all of it (reads that cover each other:
// see sharedThread.coverOf); with writer >= 0, that thread then writes sh[0]
// in the same interval, racing with the other threads' reads.
func tileKernel(out []int32, writer int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := tileSites
		tid := t.ThreadIdx.X
		sh := gocuda.Shared[int32](t, t.BlockDim.X)
		*Index(t, &s[0], sh, tid) = int32(tid)
		Sync(t, &s[1], t).SyncThreads()
		var sum int32
		for j := range sh {
			sum += *Index(t, &s[2], sh, j)
		}
		if tid == writer {
			*Index(t, &s[3], sh, 0) = 7
		}
		*Index(t, &s[4], out, t.BlockIdx.X*t.BlockDim.X+tid) = sum
	}
}

// TestTileReads: reads of a shared tile by every thread of the block,
// which the fast path lets go on the cells' cover words, are clean, and a
// write among them is found against reads of the threads that run before
// or after it, as an error (some are of other warps).
func TestTileReads(t *testing.T) {
	const blocks, threads = 4, 128
	s := tileSites
	for _, writer := range []int{-1, 0, 40, 127} {
		out := make([]int32, blocks*threads)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, blocks, threads, tileKernel(out, writer)))
		})
		if writer < 0 {
			assert.Empty(t, got)
			for i, v := range out {
				require.Equal(t, int32(threads*(threads-1)/2), v, "out[%d]", i)
			}
			continue
		}
		require.NotEmpty(t, got, "writer %d", writer)
		for _, r := range got {
			require.Len(t, r.Accesses, 2)
			assert.Equal(t, []any{"racecheck", "__shared__", record.Error}, []any{r.Tool, r.Space, r.Severity})
			assert.Contains(t, []string{"Potential RAW hazard", "Potential WAR hazard"}, r.What)
			pair := []int{r.Accesses[0].Line, r.Accesses[1].Line}
			assert.ElementsMatch(t, []int{s[2].Line, s[3].Line}, pair, "writer %d: %s", writer, r.What)
		}
	}
}

// TestSharedCovered: the cover words' test in touch agrees with
// the fast path's, and a key covers only the reads of its block,
// interval, and for a warp's key, warp and count of collectives.
func TestSharedCovered(t *testing.T) {
	l := &probelink.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
	b := &probelink.Block{Launch: l}
	b.Reset(l, 0, [3]int{})
	b.Syncs[3], b.WarpSyncs[3] = 5, 2   // warp 0
	b.Syncs[40], b.WarpSyncs[40] = 5, 2 // warp 1
	b.Syncs[41], b.WarpSyncs[41] = 5, 1
	for _, tc := range []struct {
		key  uint64
		want [3]bool // for ranks 3, 40, 41
	}{
		{intervalKey(7, 5), [3]bool{true, true, true}},
		{intervalKey(7, 4), [3]bool{}},
		{intervalKey(8, 5), [3]bool{}},
		{warpKey(7, 5, 1, 2), [3]bool{false, true, false}},
		{warpKey(7, 5, 0, 2), [3]bool{true, false, false}},
		{warpKey(7, 4, 1, 2), [3]bool{}},
		{0, [3]bool{}},
	} {
		for j, rank := range []int{3, 40, 41} {
			th := sharedThread{rank: uint16(rank), syncs: b.Syncs[rank], wsyncs: uint16(b.WarpSyncs[rank]), gen: 7}
			assert.Equal(t, tc.want[j], th.covered(tc.key), "key %#x, rank %d", tc.key, rank)
			assert.Equal(t, tc.want[j], sharedCovered(tc.key, 7, b, rank), "key %#x, rank %d", tc.key, rank)
		}
	}
}
