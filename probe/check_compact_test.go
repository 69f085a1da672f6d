package probe

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

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
			bs.touch(b, &shadowSites[s.kind], s.rank, base+uintptr(s.off), s.size, false)
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

// TestCompactWord: a compact word holds an entry with no counts whole,
// and an entry with counts has none.
func TestCompactWord(t *testing.T) {
	for _, e := range []entry{
		{site: 1, block: 0, rank: 0},
		{site: 1 << siteBits, block: 1<<32 - 1, rank: 1023},
		{site: 12345, block: 0x89abcdef, rank: 517, same: true},
	} {
		c := compactOf(&e)
		assert.NotZero(t, c, "%+v", e)
		for _, k := range []Kind{Read, Write, ReadWrite} {
			want := e
			want.same = e.same && k != Read
			assert.Equal(t, want, expand(compactWord(c, k, e.same)), "%+v, %v", e, k)
		}
	}
	for _, e := range []entry{
		{site: 1, syncs: 1}, {site: 1, wsyncs: 1}, {site: 1, epoch: 1}, {site: 1, gsyncs: 1},
		{site: 1<<siteBits + 1}, {site: 0},
	} {
		assert.Zero(t, compactOf(&e), "%+v", e)
	}
}
