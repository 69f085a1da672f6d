package probe

import (
	goatomic "sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
)

var shiftCopySites = sitesOf("probe.shiftCopyKernel.func1",
	Site{Kind: Read, Line: 3, Expr: "src[i]"},
	Site{Kind: Write, Line: 3, Expr: "dst[j]"},
)

// shiftCopyKernel copies src into dst, block b's threads writing the
// block's elements at b*stride on: with stride less than the block's
// size, consecutive blocks write overlapping elements. It stores with
// sync/atomic so that the Go race detector, which sees the blocks'
// goroutines, does not fail the test for the bug it plants.
func shiftCopyKernel(dst, src []int32, stride int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := shiftCopySites
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		goatomic.StoreInt32(Index(t, &s[1], dst, t.BlockIdx.X*stride+t.ThreadIdx.X), *Index(t, &s[0], src, i))
	}
}

// TestRunsRaceBetweenBlocks checks that runs (a block's streaming
// accesses to pages it made, see check_run.go) still meet other blocks'
// accesses: blocks that write overlapping ranges of dst, whose runs span
// page boundaries (a page is 256 elements), give a WAW hazard between
// the blocks at the write's site; disjoint ranges give none.
func TestRunsRaceBetweenBlocks(t *testing.T) {
	const blocks, threads = 16, 192 // 192 elements: runs cross pages
	src := make([]int32, blocks*threads)
	for i := range src {
		src[i] = int32(i)
	}
	for _, tc := range []struct {
		stride int
		racy   bool
	}{{threads, false}, {threads - 64, true}, {threads / 3, true}} {
		dst := make([]int32, blocks*threads)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, blocks, threads, shiftCopyKernel(dst, src, tc.stride)))
		})
		if !tc.racy {
			assert.Empty(t, got, "stride %d: disjoint ranges", tc.stride)
			assert.Equal(t, src, dst)
			continue
		}
		require.Len(t, got, 1, "stride %d: one WAW between blocks: %v", tc.stride, got)
		r := got[0]
		assert.Equal(t, []any{"racecheck", "ERROR", "Potential WAW hazard", "__global__", hintBlocks},
			[]any{r.Tool, r.Severity, r.What, r.Space, r.Detail})
		require.Len(t, r.Accesses, 2)
		for _, a := range r.Accesses {
			assert.Equal(t, []any{"Write", "dst[j]"}, []any{a.Kind, a.Expr})
		}
		assert.NotEqual(t, r.Accesses[0].Block, r.Accesses[1].Block, "blocks of the two writes")
		// The two writes are of one element.
		b0, b1 := r.Accesses[0].Block[0], r.Accesses[1].Block[0]
		t0, t1 := r.Accesses[0].Thread[0], r.Accesses[1].Thread[0]
		assert.Equal(t, b0*tc.stride+t0, b1*tc.stride+t1, "the element both write")
	}
}

var runThenReadSites = sitesOf("probe.runThenReadKernel.func1",
	Site{Kind: Write, Line: 3, Expr: "x[i]"},
	Site{Kind: Barrier, Line: 4, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 5, Expr: "x[i+1]"},
	Site{Kind: Write, Line: 5, Expr: "y[i]"},
)

// runThenReadKernel has each thread write its element of x, then
// (after a barrier, if sync) read its neighbour's: without the barrier,
// a hazard within the block, on the page of x that the block's writes
// ran through; between blocks, at their boundary, in any case. It goes
// through sync/atomic on x, as shiftCopyKernel does.
func runThenReadKernel(x, y []int32, sync bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := runThenReadSites
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		goatomic.StoreInt32(Index(t, &s[0], x, i), int32(i))
		if sync {
			Sync(t, &s[1], t).SyncThreads()
		}
		if i+1 < len(x) {
			*Index(t, &s[3], y, i) = goatomic.LoadInt32(Index(t, &s[2], x, i+1))
		}
	}
}

// TestRunsHazardInBlock checks a hazard within a block on a page its
// writes ran through: the neighbour's element read without a barrier is
// reported between the two threads; with the barrier, nothing.
func TestRunsHazardInBlock(t *testing.T) {
	const threads = 64
	x, y := make([]int32, threads), make([]int32, threads)
	got := checkReports(t, func(dev *gocuda.Device) {
		require.NoError(t, launch1D(dev, 1, threads, runThenReadKernel(x, y, true)))
	})
	assert.Empty(t, got, "with a barrier")
	for i := range threads - 1 {
		require.Equal(t, int32(i+1), y[i], "y[%d]", i)
	}

	got = checkReports(t, func(dev *gocuda.Device) {
		require.NoError(t, launch1D(dev, 1, threads, runThenReadKernel(x, y, false)))
	})
	// Threads run in order before a barrier: thread i reads x[i+1]
	// before thread i+1 writes it, a WAR; the report's example is the
	// pair across warps, an error.
	require.Len(t, got, 1, "%v", got)
	r := got[0]
	assert.Equal(t, []any{"Potential WAR hazard", "ERROR", hintBlock}, []any{r.What, r.Severity, r.Detail})
	require.Len(t, r.Accesses, 2)
	assert.Equal(t, []any{"x[i+1]", [3]int{31, 0, 0}, "x[i]", [3]int{32, 0, 0}},
		[]any{r.Accesses[0].Expr, r.Accesses[0].Thread, r.Accesses[1].Expr, r.Accesses[1].Thread})
}

// TestRunsAfterOtherBlocks runs a block's writes over a page another
// block's reads reached first, in one launch and on one executor in turn:
// the later block's run meets the reads (WAR between blocks), whichever
// of the two made the page.
func TestRunsAfterOtherBlocks(t *testing.T) {
	const threads = 64
	x, y := make([]int32, 2*threads), make([]int32, 2*threads)
	got := checkReports(t, func(dev *gocuda.Device) {
		// Block 0 reads x[1..64] (and writes its own 64 elements of
		// x, as a run, before); block 1 writes x[64..127]: x[64] is
		// read by block 0's thread 63 and written by block 1's thread 0.
		require.NoError(t, launch1D(dev, 2, threads, runThenReadKernel(x, y, true)))
	})
	require.Len(t, got, 1, "%v", got)
	r := got[0]
	assert.Contains(t, []string{"Potential RAW hazard", "Potential WAR hazard"}, r.What)
	assert.Equal(t, []any{"ERROR", hintBlocks}, []any{r.Severity, r.Detail})
	require.Len(t, r.Accesses, 2)
	exprs := []string{r.Accesses[0].Expr, r.Accesses[1].Expr}
	assert.ElementsMatch(t, []string{"x[i]", "x[i+1]"}, exprs)
	assert.NotEqual(t, r.Accesses[0].Block, r.Accesses[1].Block)
}

// TestRunPublishMeetsWords steps two executors by hand through the race
// that flushRun settles: block 1 reads a word of a page while block 0's
// run over the page has not reached it, then block 0 publishes the run.
// The run must be expanded there and then (the page is touched), so
// that the read and the run's write of the word are reported; a run
// published over an untouched page stays a summary until an access of
// another block expands it, which reports the same hazard.
func TestRunPublishMeetsWords(t *testing.T) {
	for _, touchedFirst := range []bool{true, false} {
		l := &probelink.Launch{Grid: [3]int{2, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
		ls := &launchState{c: &checker{}, l: l, failed: map[[2]int64]bool{}}
		bsA, bsB := &blockState{launch: ls}, &blockState{launch: ls}
		bA, bB := &probelink.Block{Launch: l}, &probelink.Block{Launch: l}
		bA.Reset(l, 0, [3]int{0})
		bsA.begin(bA)
		bB.Reset(l, 1, [3]int{1})
		bsB.begin(bB)
		const key = 0x40 // the page of 0x10000
		write, read := &shadowSites[Write], &shadowSites[Read]

		psA := bsA.slotOf(key)
		require.Equal(t, bA.Index+1, psA.fresh, "block 0 made the page")
		// Block 0's threads 0..7 write cells 0..7 of the page: a run.
		head := compactWord(packCompact(0, 0, 0, uint64(write.id)), Write, false)
		psA.run = run{head: head, next: head + 8<<rankShift, base: key << pageShift, k: Write}
		bsA.runs = append(bsA.runs, psA)
		readCell := func() {
			psB := bsB.slotOf(key)
			bsB.touchPage(psB)
			pg := psB.pg
			pg.mu.Lock()
			bsB.applyWord(pg, 5, packCompact(3, 1, 0, uint64(read.id)), Read, nil)
			pg.mu.Unlock()
		}
		if touchedFirst {
			readCell() // block 1's thread 3 reads cell 5 before the run is published
			bsA.flushRuns()
			assert.False(t, psA.pg.hasSum.Load(), "a run published over a touched page is expanded")
		} else {
			bsA.flushRuns()
			assert.True(t, psA.pg.hasSum.Load(), "a run over an untouched page stays a summary")
			readCell() // expands it, then reads
		}
		ls.found.merge(&bsA.found)
		ls.found.merge(&bsB.found)
		ls.global.release()
		rs := ls.found.reports()
		require.Len(t, rs, 1, "touched first %v", touchedFirst)
		r := rs[0]
		what, first, second := "Potential WAR hazard", read, write
		if !touchedFirst {
			what, first, second = "Potential RAW hazard", write, read
		}
		assert.Equal(t, []any{what, hintBlocks}, []any{r.What, r.Detail}, "touched first %v", touchedFirst)
		require.Len(t, r.Accesses, 2)
		assert.Equal(t, []any{first.Expr, second.Expr}, []any{r.Accesses[0].Expr, r.Accesses[1].Expr})
		thread := map[string][3]int{read.Expr: {3}, write.Expr: {5}}
		block := map[string][3]int{read.Expr: {1}, write.Expr: {0}}
		for _, a := range r.Accesses {
			assert.Equal(t, []any{thread[a.Expr], block[a.Expr]}, []any{a.Thread, a.Block}, "access %s", a.Expr)
		}
	}
}

// TestRunToLastRank: a run of Stores that ends at a block's last thread,
// 1023, is still put in its page at the block's end, though its next word
// carries out of the rank's bits (into pendBit, which no access's word
// has), and the bytes it stored reach the page's words with them.
func TestRunToLastRank(t *testing.T) {
	const first, key = 1000, 0x40 // ranks 1000..1023 write the page of 0x10000
	l := &probelink.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{1024, 1, 1}, Threads: 1024}
	ls := &launchState{c: &checker{}, l: l, failed: map[[2]int64]bool{}}
	bs, b := &blockState{launch: ls}, &probelink.Block{Launch: l}
	b.Reset(l, 0, [3]int{0})
	bs.begin(b)
	ps := bs.slotOf(key)
	base := uintptr(key) << pageShift
	var stored [1024 - first]int32
	word := func(rank int) uint64 { return compactWord(packCompact(uint64(rank), 0, 0, 0), Write, true) }
	for rank := first; rank < 1024; rank++ {
		p, v := base+uintptr(rank-first)*4, &stored[rank-first]
		*v = int32(rank) * 7
		if rank == first {
			require.True(t, bs.runMiss(ps, p, rank, word(rank), Write, unsafe.Pointer(v)), "the first write starts the run")
		} else {
			require.True(t, ps.run.extend(p, rank, word(rank), unsafe.Pointer(v)), "rank %d extends the run", rank)
		}
	}
	require.Equal(t, word(0)|pendBit, ps.run.next, "the next word carried into pendBit")
	bs.flushRuns()
	pg := ps.pg
	require.True(t, pg.hasSum.Load(), "the run is the page's summary")
	assert.Equal(t, []any{uintptr(1024 - first), uint16(0)}, []any{pg.sum.len(), pg.sum.start})
	pg.mu.Lock()
	bs.expandSum(pg)
	pg.mu.Unlock()
	for j := range stored {
		assert.Equal(t, []any{word(first + j), uint32(stored[j])}, []any{pg.words[j].Load(), pg.vals[j]}, "cell %d", j)
	}
	ls.global.release()
}
