package probe

import (
	"fmt"
	"runtime"
	"slices"
	goatomic "sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
)

// Global memory's same-value write-after-write hazards, between blocks
// that run in parallel: a write is of the same value if it stores the
// bytes the earlier write stored, whenever each write's store lands.

// storeTwice has block 0's thread 1 store each of first, then block 1's
// thread 2 store b (their low size bytes) at a global address, through
// touchAt as touch calls it, and returns the hazards found, as "WAW 1>2
// ERROR". Memory is never read or written: the checker must judge the
// writes by the bytes they store, not by what memory holds when the
// second compares (here, nothing either stored). With fresh, block 0
// makes the page and its first Store is a run; else another block's read
// made it, and the Stores go through the page's words.
func storeTwice(size int, first []uint64, b uint64, fresh bool) []string {
	const base = 0x10000
	l := &probelink.Launch{Grid: [3]int{3, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
	ls := &launchState{c: &checker{}, l: l, failed: map[[2]int64]bool{}}
	bs, blk := &blockState{launch: ls}, &probelink.Block{Launch: l}
	block := func(index, rank int, site *Site, p uintptr, vs []uint64) {
		blk.Reset(l, int64(index), [3]int{index})
		bs.begin(blk)
		for _, v := range vs {
			var ptr unsafe.Pointer
			if site.Kind == Write {
				ptr = unsafe.Pointer(&v)
			}
			bs.touchAt(blk, site, rank, p, size, false, ptr)
		}
		bs.flushRuns() // the block's end
		ls.found.merge(&bs.found)
	}
	if !fresh {
		block(2, 0, &shadowSites[Read], base+64, []uint64{0})
	}
	block(0, 1, &shadowSites[Write], base, first)
	block(1, 2, &shadowSites[Write], base, []uint64{b})
	ls.global.release()
	var got []string
	for _, r := range ls.found.reports() {
		s := fmt.Sprintf("%s %d>%d %s", r.What[len("Potential "):len("Potential ")+3],
			r.Accesses[0].Thread[0], r.Accesses[1].Thread[0], r.Severity)
		if r.SameValue {
			s += " same"
		}
		got = append(got, s)
	}
	slices.Sort(got)
	return got
}

// TestSameValueByBytesStored: two blocks' Stores at one address are a
// write-after-write hazard of the same value (a warning) exactly when
// they store the same bytes, on every path of global memory: a page's
// run then its words, or its words only (4 bytes), full cells (8 bytes)
// and cells split into bytes (1 and 2 bytes). A Store of several cells or
// bytes, some of them of another value, is one hazard, an error,
// whichever of them comes first.
func TestSameValueByBytesStored(t *testing.T) {
	same, differ := []string{"WAW 1>2 WARNING same"}, []string{"WAW 1>2 ERROR"}
	for _, tc := range []struct {
		size  int
		fresh bool
		a, b  uint64
		want  []string
	}{
		{4, true, 0x01020304, 0x01020304, same},
		{4, true, 0x01020304, 0x01020305, differ},
		{4, false, 0x01020304, 0x01020304, same},
		{4, false, 0x01020304, 0x11020304, differ},
		{8, false, 0x0102030405060708, 0x0102030405060708, same},
		{8, false, 0x0102030405060708, 0x0102030415060708, differ}, // the first cell differs
		{8, false, 0x0102030405060708, 0x1102030405060708, differ}, // the second
		{2, false, 0x0102, 0x0102, same},
		{2, false, 0x0102, 0x0103, differ},
		{2, false, 0x0102, 0x0202, differ},
		{1, false, 0x7f, 0x7f, same},
		{1, false, 0x7f, 0x80, differ},
		// Bytes past the Store's size are not its own.
		{2, false, 0xaa0102, 0xbb0102, same},
	} {
		got := storeTwice(tc.size, []uint64{tc.a}, tc.b, tc.fresh)
		assert.Equal(t, tc.want, got, "size %d, fresh %v: %#x then %#x", tc.size, tc.fresh, tc.a, tc.b)
	}
	// A thread's second Store to an element, at the same site, is the
	// element's last write: its bytes are those compared.
	for _, size := range []int{4, 8} {
		for _, fresh := range []bool{true, false} {
			assert.Equal(t, same, storeTwice(size, []uint64{1, 2}, 2, fresh), "size %d, fresh %v: 1, 2 then 2", size, fresh)
			assert.Equal(t, differ, storeTwice(size, []uint64{1, 2}, 1, fresh), "size %d, fresh %v: 1, 2 then 1", size, fresh)
		}
	}
}

var handshakeSites = sitesOf("probe.handshakeKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "g[0]"},
)

// handshakeKernel has the only threads of blocks 0 and 1, running at once
// on two workers, store v[block] to g[0] in turn: block 0 first, while
// g[0] holds 0; then block 1, which sees block 0's store. Block 0's
// record of its store waits for its end, after block 1's (the store is
// its page's run, see check_run.go): the later write in the shadow
// compared with the memory before block 1's store. turn hands over;
// waiting past a few seconds fails the launch.
func handshakeKernel(g []int32, v [2]int32, turn *goatomic.Int32) func(*gocuda.Thread) {
	wait := func(want int32) {
		for start := time.Now(); turn.Load() != want; runtime.Gosched() {
			if time.Since(start) > 10*time.Second {
				panic("the other block did not take its turn")
			}
		}
	}
	return func(t *gocuda.Thread) {
		s := handshakeSites
		b := t.BlockIdx.X
		if b == 1 {
			wait(1)
		}
		Store(t, &s[0], g, 0, v[b])
		turn.Store(int32(b + 1))
		if b == 0 {
			wait(2)
		}
	}
}

// TestSameValueRecordedLate: a block whose record of a Store comes after
// another block's, though its store came first, is judged by the bytes
// both stored: the same value is a warning, different values an error.
func TestSameValueRecordedLate(t *testing.T) {
	for _, tc := range []struct {
		v    [2]int32
		same bool
	}{{[2]int32{7, 7}, true}, {[2]int32{7, 8}, false}} {
		g := make([]int32, 1)
		var turn goatomic.Int32
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, 2, 1, handshakeKernel(g, tc.v, &turn)))
		})
		require.Len(t, got, 1, "%v: %v", tc.v, got)
		r := got[0]
		severity := "ERROR"
		if tc.same {
			severity = "WARNING"
		}
		assert.Equal(t, []any{"Potential WAW hazard", severity, tc.same}, []any{r.What, r.Severity, r.SameValue}, "%v", tc.v)
		require.Len(t, r.Accesses, 2)
		assert.Equal(t, [][3]int{{1}, {0}}, [][3]int{r.Accesses[0].Block, r.Accesses[1].Block},
			"%v: block 1's write, then block 0's", tc.v)
	}
}

var gridStoreSites = sitesOf("probe.gridStoreKernel.func1",
	Site{Kind: Write, Line: 6, Expr: "g[i]"},
)

// gridStoreKernel has thread i of every block store to g[i]: i+1 if
// same, else a value that differs by block, as the compiler fuzzer's
// grid kernels have every block of a row store g[i].
func gridStoreKernel(g []int32, same bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := gridStoreSites
		i := t.ThreadIdx.X
		v := int32(i + 1)
		if !same {
			v += int32(t.BlockIdx.X) << 16
		}
		Store(t, &s[0], g, i, v)
	}
}

// TestSameValueAcrossBlocks: blocks on two workers that store the same
// values to the same elements, launch after launch, make write-after-write
// hazards of the same value only (a warning), however their stores and
// records interleave; blocks that store different values, an error.
func TestSameValueAcrossBlocks(t *testing.T) {
	if raceEnabled {
		t.Skip("the blocks race on plain stores, by design")
	}
	const blocks, threads, launches = 16, 256, 100
	for _, same := range []bool{true, false} {
		g := make([]int32, threads)
		got := checkReports(t, func(dev *gocuda.Device) {
			for range launches {
				clear(g) // so that a launch's first stores change memory
				require.NoError(t, launch1D(dev, blocks, threads, gridStoreKernel(g, same)))
			}
		})
		require.Len(t, got, launches, "same %v: one problem a launch", same)
		severity := map[bool]string{true: "WARNING", false: "ERROR"}[same]
		for _, r := range got {
			assert.Equal(t, []any{"Potential WAW hazard", severity, same}, []any{r.What, r.Severity, r.SameValue},
				"same %v: %+v", same, r)
		}
	}
}
