package probe

import (
	"fmt"
	"slices"
	goatomic "sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
)

// runGlobalShadow is runShadow on global memory: steps of blocks first, a
// block after another on one executor, at a page boundary's last bytes
// and the next page's first, so that accesses span two pages. Its steps
// go the full path, whose compact words record those of threads with no
// counts (see check_compact.go).
func runGlobalShadow(steps []step, blocks int) []string {
	const base = 0x10000 - 8
	l := &probelink.Launch{Grid: [3]int{blocks, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
	ls := &launchState{c: &checker{}, l: l, failed: map[[2]int64]bool{}}
	bs := &blockState{launch: ls}
	b := &probelink.Block{Launch: l}
	for k := range blocks {
		b.Reset(l, int64(k), [3]int{k})
		bs.begin(b)
		for _, s := range steps {
			b.Syncs[s.rank], b.WarpSyncs[s.rank] = s.syncs, s.wsyncs
			b.Synced = b.Synced || s.syncs != 0 || s.wsyncs != 0
			bs.touch(b, shadowSite(s.kind), s.rank, base+uintptr(s.off), s.size, false, nil)
		}
		ls.found.merge(&bs.found)
	}
	ls.global.release()
	var got []string
	for _, r := range ls.found.reports() {
		got = append(got, fmt.Sprintf("%s %d>%d %s x%d", r.What[len("Potential "):len("Potential ")+3],
			r.Accesses[0].Thread[0], r.Accesses[1].Thread[0], r.Severity, r.Count))
	}
	slices.Sort(got)
	return got
}

// TestGlobalShadow: global memory's shadow, compact words and full cells,
// finds the hazards of the shared shadow's cases in one block, and in two
// blocks every access of the second block that follows a conflicting one
// of the first.
func TestGlobalShadow(t *testing.T) {
	for _, tc := range shadowCases() {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, runGlobalShadow(tc.steps, 1))
		})
	}
	w := func(rank, off int) step { return step{rank: rank, off: off, size: 4, kind: Write} }
	r := func(rank, off int) step { return step{rank: rank, off: off, size: 4, kind: Read} }
	rw := func(rank, off int) step { return step{rank: rank, off: off, size: 4, kind: ReadWrite} }
	for _, tc := range []shadowCase{
		{"blocks read", []step{r(0, 0), r(1, 8)}, nil},
		{"blocks write", []step{w(0, 0), w(1, 8)}, []string{"WAW 0>0 ERROR x2"}}, // one pair of sites
		{"blocks update", []step{rw(3, 8)}, []string{"RAW 3>3 ERROR x1", "WAW 3>3 ERROR x1"}},
		// The second block's read follows its own write.
		{"blocks read a thread's write", []step{w(3, 8), r(3, 8)}, []string{"WAR 3>3 ERROR x1", "WAW 3>3 ERROR x1"}},
		{"blocks, after a barrier", []step{{rank: 5, off: 4, size: 4, kind: Write, syncs: 1}},
			[]string{"WAW 5>5 ERROR x1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, runGlobalShadow(tc.steps, 2))
		})
	}
}

// TestCompactWord: a compact word holds an entry whose only count is of
// block barriers whole, and an entry with other counts, or fields too
// large, has none.
func TestCompactWord(t *testing.T) {
	for _, e := range []entry{
		{site: 1, block: 0, rank: 0},
		{site: 1 << siteBits, block: 1<<blockBits - 1, syncs: 1<<syncsBits - 1, rank: 1023},
		{site: 12345, block: 0x89abc, syncs: 37, rank: 517, flags: entryVal},
	} {
		c := compactOf(&e)
		assert.NotZero(t, c, "%+v", e)
		for _, k := range []Kind{Read, Write, ReadWrite} {
			want := e
			if k == Read {
				want.flags = 0
			}
			assert.Equal(t, want, expand(compactWord(c, k, e.val())), "%+v, %v", e, k)
		}
	}
	for _, e := range []entry{
		{site: 1, syncs: 1 << syncsBits}, {site: 1, wsyncs: 1}, {site: 1, epoch: 1}, {site: 1, gsyncs: 1},
		{site: 1<<siteBits + 1}, {site: 0}, {site: 1, block: 1 << blockBits},
	} {
		assert.Zero(t, compactOf(&e), "%+v", e)
	}
}

var roundTripSites = sitesOf("probe.roundTripKernel.func1",
	Site{Kind: Write, Line: 3, Expr: "x[i]"},
	Site{Kind: Read, Line: 4, Expr: "x[i]"},
	Site{Kind: ReadWrite, Line: 4, Expr: "y[i]"},
)

// roundTripKernel has each thread write its element of x, read it back
// (which expands the element's word: a thread's write, then its read) and
// add it to its element of y: no thread touches another's elements.
func roundTripKernel(x, y []int32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := roundTripSites
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		*Index(t, &s[0], x, i) = int32(i)
		*Index(t, &s[2], y, i) += *Index(t, &s[1], x, i)
	}
}

// TestCompactConcurrentBlocks runs many blocks at once on two workers,
// whose compare-and-swaps on words and expansions into full cells meet:
// disjoint elements give no report, and a histogram's bins shared by
// every block give hazards between blocks only.
func TestCompactConcurrentBlocks(t *testing.T) {
	const blocks, threads = 64, 64
	x, y := make([]int32, blocks*threads), make([]int32, blocks*threads)
	got := checkReports(t, func(dev *gocuda.Device) {
		for range 3 {
			require.NoError(t, launch1D(dev, blocks, threads, roundTripKernel(x, y)))
		}
	})
	assert.Empty(t, got, "disjoint elements")
	for i := range y {
		require.Equal(t, int32(3*i), y[i], "y[%d]", i)
	}

	data, hist := make([]int32, blocks*threads), make([]int32, threads)
	for i := range data {
		data[i] = int32(i)
	}
	got = checkReports(t, func(dev *gocuda.Device) {
		require.NoError(t, launch1D(dev, blocks, threads, histKernel(data, hist, false)))
	})
	require.NotEmpty(t, got, "shared bins")
	for _, r := range got {
		assert.Contains(t, []string{"Potential RAW hazard", "Potential WAR hazard", "Potential WAW hazard"}, r.What)
		assert.Equal(t, []any{"racecheck", "ERROR", "__global__", hintBlocks}, []any{r.Tool, r.Severity, r.Space, r.Detail})
		require.Len(t, r.Accesses, 2)
		assert.NotEqual(t, r.Accesses[0].Block, r.Accesses[1].Block, "blocks of the two accesses")
	}
}

// A blockStep is a step of a block: see runBlockSteps.
type blockStep struct {
	block int
	step
}

// runBlockSteps applies steps, each of its block (blocks switch on one
// executor as it goes), to global memory's shadow on the full path and
// returns the hazards found, as runShadow does.
func runBlockSteps(steps []blockStep) []string {
	const base = 0x20000
	l := &probelink.Launch{Grid: [3]int{4, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
	ls := &launchState{c: &checker{}, l: l, failed: map[[2]int64]bool{}}
	bs := &blockState{launch: ls}
	b := &probelink.Block{Launch: l}
	syncs := map[[2]int]step{} // the counts of each (block, rank) so far
	for i, s := range steps {
		if i == 0 || s.block != steps[i-1].block {
			b.Reset(l, int64(s.block), [3]int{s.block})
			bs.begin(b)
			for k, c := range syncs {
				if k[0] == s.block {
					b.Syncs[k[1]], b.WarpSyncs[k[1]] = c.syncs, c.wsyncs
					b.Synced = b.Synced || c.syncs != 0 || c.wsyncs != 0
				}
			}
		}
		syncs[[2]int{s.block, s.rank}] = s.step
		b.Syncs[s.rank], b.WarpSyncs[s.rank] = s.syncs, s.wsyncs
		b.Synced = b.Synced || s.syncs != 0 || s.wsyncs != 0
		bs.touch(b, shadowSite(s.kind), s.rank, base+uintptr(s.off), s.size, false, nil)
	}
	ls.found.merge(&bs.found)
	ls.global.release()
	var got []string
	for _, r := range ls.found.reports() {
		got = append(got, fmt.Sprintf("%s %d.%d>%d.%d %s", r.What[len("Potential "):len("Potential ")+3],
			r.Accesses[0].Block[0], r.Accesses[0].Thread[0], r.Accesses[1].Block[0], r.Accesses[1].Thread[0], r.Severity))
	}
	slices.Sort(got)
	return got
}

// TestGlobalCover: reads that a cell's readers cover (see covers) leave
// it as it is, and a later write still finds a reader it conflicts with.
func TestGlobalCover(t *testing.T) {
	r := func(block, rank int) blockStep { return blockStep{block, step{rank: rank, size: 4, kind: Read}} }
	w := func(block, rank int, syncs uint32) blockStep {
		return blockStep{block, step{rank: rank, size: 4, kind: Write, syncs: syncs}}
	}
	after := func(s blockStep, syncs, wsyncs uint32) blockStep { s.syncs, s.wsyncs = syncs, wsyncs; return s }
	for _, tc := range []struct {
		name  string
		steps []blockStep
		want  []string
	}{
		{"two blocks' readers, a third block writes", []blockStep{r(0, 3), r(1, 5), r(2, 7), w(2, 9, 0)},
			[]string{"WAR 0.3>2.9 ERROR"}},
		{"two blocks' readers, one of them writes past a barrier", []blockStep{r(0, 3), r(1, 5), r(0, 7), w(0, 9, 1)},
			[]string{"WAR 1.5>0.9 ERROR"}},
		{"two warps' readers, the block writes past a barrier", []blockStep{r(0, 3), r(0, 40), r(0, 41), w(0, 9, 1)}, nil},
		{"two warps' readers, then another block's", []blockStep{r(0, 3), r(0, 40), r(1, 41), w(0, 9, 1)},
			[]string{"WAR 1.41>0.9 ERROR"}},
		{"two warps' readers, a writer in one of them past a collective", []blockStep{r(0, 3), r(0, 40), r(0, 41),
			after(w(0, 4, 0), 0, 1)}, []string{"WAR 0.40>0.4 ERROR"}},
		{"one warp's readers, then another warp's, a writer past a collective", []blockStep{r(0, 3), r(0, 4),
			r(0, 5), r(0, 40), after(w(0, 6, 0), 0, 1)}, []string{"WAR 0.40>0.6 ERROR"}},
		{"readers of a later interval", []blockStep{r(0, 3), r(0, 40), after(r(0, 41), 1, 0), w(0, 9, 1)},
			[]string{"WAR 0.41>0.9 ERROR"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, runBlockSteps(tc.steps))
		})
	}
}

// TestCoverWord: the word of a full cell says which reads its readers
// cover: any read where they are of two blocks and nothing wrote, those of
// their block and interval where they are of two of its warps, those of
// their warp too where they are of one that has passed no collective.
func TestCoverWord(t *testing.T) {
	rd := func(block uint32, rank uint16, syncs uint32) entry {
		return entry{site: 1, block: block, rank: rank, syncs: syncs}
	}
	type read struct {
		block, syncs, warp uint32
		covered            bool
	}
	for _, tc := range []struct {
		name  string
		c     cell
		reads []read
	}{
		{"two blocks", cell{r: [2]entry{rd(0, 3, 0), rd(1, 3, 2)}}, []read{{0, 0, 0, true}, {5, 7, noWarp, true}}},
		{"two blocks, a write", cell{w: rd(0, 1, 0), r: [2]entry{rd(0, 3, 0), rd(1, 3, 2)}}, []read{{0, 0, 0, false}}},
		{"two warps", cell{r: [2]entry{rd(4, 3, 2), rd(4, 40, 2)}},
			[]read{{4, 2, 0, true}, {4, 2, noWarp, true}, {4, 1, 0, false}, {5, 2, 0, false}}},
		{"two warps, an earlier write of the block", cell{w: rd(4, 9, 1), r: [2]entry{rd(4, 3, 2), rd(4, 40, 2)}},
			[]read{{4, 2, 2, true}}},
		{"two warps, a write of the interval", cell{w: rd(4, 3, 2), r: [2]entry{rd(4, 3, 2), rd(4, 40, 2)}},
			[]read{{4, 2, 0, false}}},
		{"one warp", cell{r: [2]entry{rd(4, 3, 2), rd(4, 4, 2)}},
			[]read{{4, 2, 0, true}, {4, 2, 1, false}, {4, 2, noWarp, false}, {4, 1, 0, false}, {5, 2, 0, false}}},
		{"one warp past a collective", cell{r: [2]entry{rd(4, 3, 2), {site: 1, block: 4, rank: 4, syncs: 2, wsyncs: 1}}},
			[]read{{4, 2, 0, false}}},
		{"one warp, a write of another block", cell{w: rd(5, 3, 2), r: [2]entry{rd(4, 3, 2), rd(4, 4, 2)}},
			[]read{{4, 2, 0, false}}},
		{"one reader", cell{r: [2]entry{rd(4, 3, 2)}}, []read{{4, 2, 0, false}}},
		{"a fence", cell{r: [2]entry{rd(0, 3, 0), {site: 1, block: 1, epoch: 1}}}, []read{{0, 0, 0, false}}},
		{"a grid barrier", cell{r: [2]entry{rd(0, 3, 0), {site: 1, block: 1, gsyncs: 1}}}, []read{{0, 0, 0, false}}},
	} {
		w := coverWord(&tc.c)
		assert.Equal(t, uint64(fullWord), w&fullMask, tc.name)
		for _, r := range tc.reads {
			assert.Equal(t, r.covered, covered(w, r.block, r.syncs, r.warp), "%s: %+v", tc.name, r)
		}
	}
}

var broadcastSites = sitesOf("probe.broadcastKernel.func1",
	Site{Kind: Read, Line: 3, Expr: "x[j]"},
	Site{Kind: Write, Line: 5, Expr: "x[0]"},
)

// broadcastKernel has every thread read each element of x, and with write
// the last block's thread 0 then write x[0]: the reads and the write race.
// Memory is touched through sync/atomic so that the Go race detector does
// not fail the test for the bug it plants.
func broadcastKernel(x []int32, write bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := broadcastSites
		for j := range x {
			goatomic.LoadInt32(Index(t, &s[0], x, j))
		}
		if write && t.BlockIdx.X == t.GridDim.X-1 && t.ThreadIdx.X == 0 {
			goatomic.StoreInt32(Index(t, &s[1], x, 0), 1)
		}
	}
}

// TestBroadcastReads: reads of one input by every thread of many blocks
// at once, which cover each other (see covers), are clean; a write among
// them is found (against a read of another block, or of its own block's
// threads, which read after it).
func TestBroadcastReads(t *testing.T) {
	const blocks, threads = 16, 64
	for _, write := range []bool{false, true} {
		x := make([]int32, 300)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, blocks, threads, broadcastKernel(x, write)))
		})
		if !write {
			assert.Empty(t, got)
			continue
		}
		require.NotEmpty(t, got)
		for _, r := range got {
			assert.Contains(t, []string{"Potential RAW hazard", "Potential WAR hazard"}, r.What)
			require.Len(t, r.Accesses, 2)
			lines := []int{r.Accesses[0].Line, r.Accesses[1].Line}
			assert.ElementsMatch(t, []int{3, 5}, lines, "the lines of the read and the write")
		}
	}
}

// TestGlobalShadowPerLaunch runs copies of one array in launches of
// different shapes, so that an element's thread and block change from
// launch to launch: the shadow (its pages and the maps finding them are
// pooled across launches) must start empty in each, or the accesses of
// the launch before would be reported as hazards. A race in the last
// launch is still found.
func TestGlobalShadowPerLaunch(t *testing.T) {
	const n = 4096
	src, dst := make([]float32, n), make([]float32, n)
	for i := range src {
		src[i] = float32(i)
	}
	got := checkReports(t, func(dev *gocuda.Device) {
		for _, threads := range []int{64, 128, 32, 256, 64} {
			require.NoError(t, launch1D(dev, n/threads, threads, copyKernel(dst, src)))
		}
	})
	assert.Empty(t, got, "copies in launches of different shapes")
	assert.Equal(t, src, dst)

	data, hist := make([]int32, n), make([]int32, 64)
	for i := range data {
		data[i] = int32(i) // a bin per thread of a block: hazards between blocks only
	}
	got = checkReports(t, func(dev *gocuda.Device) {
		for _, threads := range []int{64, 128} {
			require.NoError(t, launch1D(dev, n/threads, threads, copyKernel(dst, src)))
		}
		require.NoError(t, launch1D(dev, n/64, 64, histKernel(data, hist, false)))
	})
	require.NotEmpty(t, got, "a histogram's bins shared by every block")
	for _, r := range got {
		assert.Equal(t, []any{"racecheck", "__global__", hintBlocks}, []any{r.Tool, r.Space, r.Detail})
		require.Len(t, r.Accesses, 2)
		assert.NotEqual(t, r.Accesses[0].Block, r.Accesses[1].Block, "blocks of the two accesses")
		for _, a := range r.Accesses {
			assert.Equal(t, "probe.histKernel.func1", a.Func, "no access of the copies")
		}
	}
}

// TestExpandWaitsForValue: a word a thread has claimed for a Store
// (pendBit) expands only once the thread has kept the bytes it stores,
// which the full cell then has; other threads cannot take the word.
func TestExpandWaitsForValue(t *testing.T) {
	pg := new(page)
	w := compactWord(packCompact(1, 0, 0, 0), Write, true)
	pg.words[3].Store(w | pendBit)
	assert.False(t, pg.compactAccess(3, packCompact(2, 0, 0, 0), Write, true, 42), "another thread takes a claimed word")
	done := make(chan *cell, 1)
	go func() {
		pg.mu.Lock()
		defer pg.mu.Unlock()
		c, _ := pg.fullCell(3)
		done <- c
	}()
	select {
	case <-done:
		t.Fatal("a claimed word expanded before its thread kept its value")
	case <-time.After(50 * time.Millisecond):
	}
	pg.vals[3] = 42
	pg.words[3].Store(w)
	c := <-done
	assert.Equal(t, []any{expand(w), uint32(42)}, []any{c.w, pg.fullVals[3]})
}
