package probe

import (
	"fmt"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/internal/probelink"
)

var shadowSites = sitesOf("probe.shadow",
	Site{Kind: Read, Line: 1, Expr: "read"},
	Site{Kind: Write, Line: 2, Expr: "write"},
	Site{Kind: ReadWrite, Line: 3, Expr: "update"},
	Site{Kind: AtomicOp, Line: 4, Expr: "atomic.Add(&x, 1)"},
)

// shadowSite returns the site of shadowSites that makes accesses of kind k.
func shadowSite(k Kind) *Site {
	if k == AtomicOp {
		return &shadowSites[3]
	}
	return &shadowSites[k]
}

// A step is one access of the shadow tests: thread rank accesses size
// bytes at offset off of a shared array, having passed syncs block
// barriers and wsyncs warp collectives.
type step struct {
	rank, off, size int
	kind            Kind
	syncs, wsyncs   uint32
}

// runShadow applies steps to the shadow of a 16-byte shared array of a
// block of 64 threads and returns the hazards found, as "RAW 0>32 ERROR"
// (the threads of the first and second access), sorted. With fast, each
// access tries the fast path first, as touch does.
func runShadow(steps []step, fast bool) []string {
	l := &probelink.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
	b := &probelink.Block{Launch: l}
	b.Reset(l, 0, [3]int{})
	b.Shared = []probelink.Range{{Base: 0x1000, Size: 16}}
	ls := &launchState{l: l}
	bs := &blockState{launch: ls}
	bs.begin(b)
	for _, s := range steps {
		b.Syncs[s.rank], b.WarpSyncs[s.rank] = s.syncs, s.wsyncs
		site := shadowSite(s.kind)
		if p := 0x1000 + uintptr(s.off); fast && s.kind != AtomicOp { // atomics take the full path
			if sl := bs.sharedOf(b, site, p); sl == nil || !bs.sharedFast(sl, b, site, s.rank, p, s.size) {
				bs.touch(b, site, s.rank, p, s.size, false, nil)
			}
			continue
		}
		x := accessCtx{
			cur: entry{site: site.id + 1, syncs: s.syncs, wsyncs: uint16(s.wsyncs), rank: uint16(s.rank)},
			b:   b, bs: bs,
		}
		if s.kind == AtomicOp {
			x.cur.flags = entryAtomic
		}
		bs.nseen = 0
		bs.sharedAccess(&x, site, 0, b.Shared[0], 0x1000+uintptr(s.off), s.size)
	}
	var got []string
	for _, r := range bs.found.reports() {
		if r.Tool == "racecheck" {
			got = append(got, fmt.Sprintf("%s %d>%d %s x%d", r.What[len("Potential "):len("Potential ")+3],
				r.Accesses[0].Thread[0], r.Accesses[1].Thread[0], r.Severity, r.Count))
		}
	}
	slices.Sort(got)
	return got
}

// A shadowCase is a sequence of accesses and the hazards the shadow finds
// in it (see runShadow).
type shadowCase struct {
	name  string
	steps []step
	want  []string
}

// shadowCases are the shadow tests' cases, for shared memory's shadow and
// global memory's.
func shadowCases() []shadowCase {
	w := func(rank, off, size int) step { return step{rank: rank, off: off, size: size, kind: Write} }
	r := func(rank, off, size int) step { return step{rank: rank, off: off, size: size, kind: Read} }
	synced := func(s step, syncs, wsyncs uint32) step { s.syncs, s.wsyncs = syncs, wsyncs; return s }
	return append([]shadowCase{
		{"different bytes of a word", []step{w(0, 0, 1), w(32, 1, 1), r(33, 2, 1), w(34, 3, 1)}, nil},
		{"word over a written byte", []step{w(0, 1, 1), r(32, 0, 4)}, []string{"RAW 0>32 ERROR x1"}},
		{"byte of a written word", []step{w(0, 0, 4), r(32, 2, 1)}, []string{"RAW 0>32 ERROR x1"}},
		{"word write over split bytes", []step{w(0, 0, 1), w(32, 0, 4), r(40, 1, 1)},
			[]string{"RAW 32>40 WARNING x1", "WAW 0>32 ERROR x1"}},
		{"an 8-byte access over two words", []step{w(0, 2, 8), r(32, 0, 16)}, []string{"RAW 0>32 ERROR x1"}},
		{"own accesses", []step{w(0, 0, 4), r(0, 0, 4), w(0, 0, 4)}, nil},
		{"block barrier", []step{w(0, 0, 4), synced(r(32, 0, 4), 1, 0), synced(w(0, 0, 4), 1, 0)},
			[]string{"WAR 32>0 ERROR x1"}},
		{"exited thread", []step{w(0, 0, 4), synced(r(32, 0, 4), 1, 0)}, nil},
		{"warp, no collective", []step{w(0, 0, 4), r(1, 0, 4)}, []string{"RAW 0>1 WARNING x1"}},
		{"warp, collective", []step{w(0, 0, 4), synced(r(1, 0, 4), 0, 1)}, nil},
		{"warp, writer passed a collective", []step{w(0, 0, 4), synced(w(0, 4, 4), 0, 1), r(1, 0, 4)}, nil},
		{"two readers, then one writes", []step{r(0, 0, 4), r(32, 0, 4), w(32, 0, 4)}, []string{"WAR 0>32 ERROR x1"}},
		// Readers of two warps cover a third reader: any writer of the
		// interval conflicts with the one of another warp than its own.
		{"three readers, then one writes", []step{r(0, 0, 4), r(32, 0, 4), r(33, 0, 4), w(32, 0, 4)},
			[]string{"WAR 0>32 ERROR x1"}},
		{"readers of two warps, then a writer past a collective", []step{r(0, 0, 4), r(32, 0, 4), r(33, 0, 4),
			synced(w(1, 0, 4), 0, 1)}, []string{"WAR 32>1 ERROR x1"}},
		// Readers of one warp do not cover another warp's: a writer of
		// their warp past a collective is ordered after both.
		{"readers of one warp, then another warp's", []step{r(0, 0, 4), r(1, 0, 4), r(32, 0, 4),
			synced(w(2, 0, 4), 0, 1)}, []string{"WAR 32>2 ERROR x1"}},
		{"readers of one warp, then the warp writes", []step{r(0, 0, 4), r(1, 0, 4), r(2, 0, 4), w(3, 0, 4)},
			[]string{"WAR 0>3 WARNING x2"}},
		{"readers of one warp, then the warp writes past a collective", []step{r(0, 0, 4), r(1, 0, 4), r(2, 0, 4),
			synced(w(3, 0, 4), 0, 1)}, nil},
		{"stale reader replaced", []step{r(0, 0, 4), r(32, 0, 4), synced(r(33, 0, 4), 1, 0), synced(w(40, 0, 4), 1, 0)},
			[]string{"WAR 33>40 WARNING x1"}},
		// A tile written, then read by the block in the next interval:
		// reads of two warps cover the rest (see sharedThread.coverOf).
		{"tile, a write in the reads' interval", []step{w(0, 0, 4), synced(r(0, 0, 4), 1, 0), synced(r(32, 0, 4), 1, 0),
			synced(r(33, 0, 4), 1, 0), synced(r(34, 0, 8), 1, 0), synced(w(40, 0, 4), 1, 0), synced(r(50, 0, 4), 1, 0)},
			[]string{"RAW 40>50 WARNING x1", "WAR 0>40 ERROR x2"}}, // one WAR report: same sites
		{"tile, an update in the reads' interval", []step{w(0, 0, 4), synced(r(0, 0, 4), 1, 0), synced(r(32, 0, 4), 1, 0),
			synced(r(33, 0, 4), 1, 0), synced(step{rank: 33, size: 4, kind: ReadWrite}, 1, 0)},
			[]string{"WAR 0>33 ERROR x2"}},
		{"tile, a write in a later interval", []step{w(0, 0, 4), synced(r(0, 0, 4), 1, 0), synced(r(32, 0, 4), 1, 0),
			synced(r(33, 0, 4), 1, 0), synced(w(40, 0, 4), 2, 0), synced(r(41, 0, 4), 3, 0)}, nil},
		// Readers of one warp cover the warp's reads only (warpKey).
		{"tile, read by one warp, then another warp's read", []step{w(0, 0, 4), synced(r(1, 0, 4), 1, 0),
			synced(r(2, 0, 4), 1, 0), synced(r(3, 0, 4), 1, 0), synced(r(40, 0, 4), 1, 0), synced(w(4, 0, 4), 1, 1)},
			[]string{"WAR 40>4 ERROR x1"}},
		{"tile, read by one warp, then the warp writes", []step{w(0, 0, 4), synced(r(1, 0, 4), 1, 0),
			synced(r(2, 0, 4), 1, 0), synced(r(3, 0, 4), 1, 0), synced(w(4, 0, 4), 1, 0)},
			[]string{"WAR 1>4 WARNING x2"}},
		{"update", []step{{rank: 0, size: 4, kind: ReadWrite}, {rank: 32, size: 4, kind: ReadWrite}},
			[]string{"RAW 0>32 ERROR x1", "WAW 0>32 ERROR x1"}},
	}, atomicCases()...)
}

// atomicCases are the shadow tests' cases with atomics (see
// check_atomic.go): they race with plain accesses, never with atomics.
func atomicCases() []shadowCase {
	w := func(rank int) step { return step{rank: rank, size: 4, kind: Write} }
	r := func(rank int) step { return step{rank: rank, size: 4, kind: Read} }
	a := func(rank int) step { return step{rank: rank, size: 4, kind: AtomicOp} }
	rw := func(rank int) step { return step{rank: rank, size: 4, kind: ReadWrite} }
	synced := func(s step, syncs uint32) step { s.syncs = syncs; return s }
	return []shadowCase{
		{"atomics", []step{a(0), a(32), a(1), a(33), a(0)}, nil},
		{"a write, then an atomic", []step{w(0), a(32)}, []string{"WAW 0>32 ERROR x1"}},
		{"an atomic, then a write", []step{a(0), w(32)}, []string{"WAW 0>32 ERROR x1"}},
		{"a read, then an atomic", []step{r(0), a(32)}, []string{"WAR 0>32 ERROR x1"}},
		{"an atomic, then a read", []step{a(0), r(32)}, []string{"RAW 0>32 ERROR x1"}},
		{"an atomic, then an update", []step{a(0), rw(32)}, []string{"RAW 0>32 ERROR x1", "WAW 0>32 ERROR x1"}},
		{"an atomic, then a read of its warp", []step{a(0), r(1)}, []string{"RAW 0>1 WARNING x1"}},
		{"own accesses around an atomic", []step{w(0), a(0), r(0), a(0), w(0)}, nil},
		// The cell keeps the last atomic and one of another thread: the
		// thread of either meets the other's.
		{"atomics, then the last one's thread reads", []step{a(0), a(32), r(32)}, []string{"RAW 0>32 ERROR x1"}},
		{"atomics, then the first one's thread reads", []step{a(0), a(32), r(0)}, []string{"RAW 32>0 ERROR x1"}},
		{"atomics, then the first one's thread writes", []step{a(0), a(32), a(0), w(32)}, []string{"WAW 0>32 ERROR x1"}},
		{"atomics, then a reader, then another", []step{a(0), a(32), r(0), r(32)},
			[]string{"RAW 32>0 ERROR x2"}}, // one report: the same two sites
		// A privatized histogram: bins zeroed, barrier, atomics, barrier,
		// bins read, and a next round of atomics after another barrier.
		{"histogram", []step{w(0), synced(a(32), 1), synced(a(0), 1), synced(a(33), 1), synced(r(0), 2),
			synced(r(40), 2), synced(a(41), 3)}, nil},
		{"histogram without its first barrier", []step{w(0), a(32), synced(r(0), 1)}, []string{"WAW 0>32 ERROR x1"}},
		{"histogram without its second barrier", []step{synced(w(0), 0), synced(a(32), 1), synced(r(0), 1)},
			[]string{"RAW 32>0 ERROR x1"}},
	}
}

// TestShadow runs the cases on the full path, and with the fast path
// taking what it can (see check_sharedfast.go): both find the same.
func TestShadow(t *testing.T) {
	for _, tc := range shadowCases() {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, runShadow(tc.steps, false), "full path")
			assert.Equal(t, tc.want, runShadow(tc.steps, true), "fast path")
		})
	}
}

// TestCellSize: a cell is one cache line.
func TestCellSize(t *testing.T) {
	assert.Equal(t, uintptr(20), unsafe.Sizeof(entry{}))
	assert.Equal(t, uintptr(64), unsafe.Sizeof(cell{}))
}

// TestEntryWords checks that the words fillEntry writes and put copies
// are an entry's fields.
func TestEntryWords(t *testing.T) {
	l := &probelink.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{64, 1, 1}, Threads: 64}
	b := &probelink.Block{Launch: l}
	b.Reset(l, 0x12345678, [3]int{})
	b.Syncs[37], b.WarpSyncs[37], b.GridSyncs[37] = 0x9abcdef0, 0x10002, 0x103
	bs := &blockState{launch: &launchState{l: l}}
	bs.begin(b)
	bs.epoch[37] = 0x4321
	var x accessCtx
	bs.fillEntry(&x.cur, b, &shadowSites[1], 37, true)
	var got entry
	x.put(&got)
	want := entry{site: shadowSites[1].id + 1, block: 0x12345678, syncs: 0x9abcdef0, wsyncs: 2, rank: 37,
		epoch: 0x4321, gsyncs: 3, flags: entryVal}
	assert.Equal(t, want, got)
	assert.Equal(t, want, x.cur)

	// The fast path's entry, of shared memory (which keeps no bytes),
	// where some thread has fenced (as a cooperative launch's grid
	// barriers, its counts are read then).
	bs.epochs = true
	th := sharedThread{rank: 37, syncs: b.Syncs[37], wsyncs: uint16(b.WarpSyncs[37])}
	var fast entry
	th.fill(&fast, bs, b, &shadowSites[1])
	want.flags = 0
	assert.Equal(t, want, fast)
	bs.epochs, bs.epoch[37], b.GridSyncs[37] = false, 0, 0
	want.epoch, want.gsyncs = 0, 0
	th.fill(&fast, bs, b, &shadowSites[1])
	assert.Equal(t, want, fast)
}
