package probe

import (
	"sync"
	"sync/atomic"
)

// Global memory's racecheck shadow lives for one launch and is shared by
// the launch's blocks, which run in parallel: it is made of pages of
// pageBytes bytes, created when first touched, found through a sharded map
// and cached per executor, so that blocks working on different data do not
// contend. A page holds a word per four bytes, which records an access of a
// thread that has passed no barrier with a compare-and-swap (see
// check_compact.go), and the full cells (see check_shadow.go) of the words
// that expanded, under the page's lock; or, until another access needs
// them, a summary of a block's run of accesses (see check_run.go).

const (
	pageShift = 10
	pageBytes = 1 << pageShift
	pageCells = pageBytes / 4
	shards    = 64
)

// A page is the shadow of pageBytes bytes of global memory: a word per
// four bytes (see check_compact.go), and, made when a first word expands,
// full cells. Pages are pooled across launches, emptied.
type page struct {
	words [pageCells]atomic.Uint64
	// vals keeps, by cell, the bytes of the write a compact word
	// records, if it keeps them (valBit); fullVals those of a full
	// cell's write, per byte for a split cell; runVals those of the
	// page's run, if it is of Stores (see check_run.go).
	vals     [pageCells]uint32
	mu       sync.Mutex // guards full, fullVals, sp and sum
	full     *[pageCells]cell
	fullVals *[pageCells]uint32
	runVals  *[pageCells]uint32
	sp       splits
	key      uintptr // the page's address >> pageShift

	// A block's run of accesses (see check_run.go) that no other access
	// has needed yet stays a summary of the words it would set: sum, if
	// hasSum. touched is set before anything writes a word (the words of
	// a page never touched need no clearing).
	sum     run
	hasSum  atomic.Bool
	touched atomic.Bool
}

// globalGen tags every full cell of a page (see cell.tag): a page is
// emptied when released, not by a change of generation.
const globalGen = 1

// A globalShadow is the shadow of a launch's global memory.
type globalShadow struct {
	shards [shards]struct {
		mu sync.Mutex
		m  map[uintptr]*page
		_  [40]byte // a cache line each
	}
}

var pagePool = sync.Pool{New: func() any { return new(page) }}

// mapPool keeps the shards' maps, and their room, across launches: a
// launch of many pages would otherwise grow every map from empty.
var mapPool = sync.Pool{New: func() any { return make(map[uintptr]*page) }}

// page returns the page of key (an address >> pageShift), creating it;
// created reports that it did.
func (g *globalShadow) page(key uintptr) (pg *page, created bool) {
	s := &g.shards[(uint64(key)*0x9e3779b97f4a7c15)>>(64-6)]
	s.mu.Lock()
	defer s.mu.Unlock()
	pg = s.m[key]
	if pg == nil {
		if s.m == nil {
			s.m = mapPool.Get().(map[uintptr]*page)
		}
		pg = pagePool.Get().(*page)
		pg.key = key
		s.m[key] = pg
		created = true
	}
	return pg, created
}

// release returns the pages to the pool, emptied; g is not used again.
func (g *globalShadow) release() {
	for i := range g.shards {
		for _, pg := range g.shards[i].m {
			// The launch has ended: no block uses the page.
			if pg.touched.Load() {
				clear(pg.words[:])
				pg.touched.Store(false)
			}
			pg.sum = run{}
			pg.hasSum.Store(false)
			pg.sp.reset()
			pagePool.Put(pg)
		}
		if m := g.shards[i].m; m != nil {
			clear(m)
			mapPool.Put(m)
			g.shards[i].m = nil
		}
	}
}

// A pageSlot caches one page for an executor, with the current block's
// run on it (see check_run.go).
type pageSlot struct {
	key1    uintptr // key + 1; 0: empty
	pg      *page
	fresh   int64 // the linear index + 1 of the block that created pg, while all its accesses to pg are runs
	run     run   // the block's run on pg not yet in pg
	touched bool  // pg.touched is set
}

// slotBits sets an executor's page slots, 1<<slotBits of them. A block
// runs its threads one after another, so a grid-stride loop's thread
// sweeps its pages before the next thread sweeps them again: those pages
// must fit in the slots for the next thread's accesses to extend the runs
// there, and not miss them all (BenchmarkCheck's gridStride).
const slotBits = 12

// pageSlots are an executor's page slots, with the indexes of those
// in use: a release clears only those.
type pageSlots struct {
	slot [1 << slotBits]pageSlot
	used []uint16
}

// slotsPool holds executors' page slots across launches: a launch's
// executors' states are made afresh, and their slots are most of them.
var slotsPool = sync.Pool{New: func() any { return new(pageSlots) }}

// releaseSlots returns the executor's page slots to their pool, emptied:
// the launch has ended.
func (bs *blockState) releaseSlots() {
	if ss := bs.pages; ss != nil {
		for _, i := range ss.used {
			ss.slot[i] = pageSlot{}
		}
		ss.used = ss.used[:0]
		slotsPool.Put(ss)
		bs.pages = nil
	}
	bs.sitePages = [len(bs.sitePages)]siteSlot{}
}

// A siteSlot caches by site the slot of the page it last accessed (valid
// while key1 is not 0: slotOf clears the siteSlots of a slot it gives to
// another page).
type siteSlot struct {
	key1 uintptr
	ps   *pageSlot
}

// slotOf returns the executor's slot of the page of key, two-way set
// associative by a hash of the key: arrays that a kernel streams through
// together, whatever the distance between them, seldom evict each other's
// pages. A page has one slot at a time, which holds the block's run on it.
func (bs *blockState) slotOf(key uintptr) *pageSlot {
	ss := bs.pages
	if ss == nil {
		ss = slotsPool.Get().(*pageSlots)
		bs.pages = ss
	}
	i := (uint64(key) * 0x9e3779b97f4a7c15) >> (64 - slotBits)
	if ps := &ss.slot[i]; ps.key1 == key+1 {
		return ps
	}
	if ps := &ss.slot[i^1]; ps.key1 == key+1 {
		return ps
	}
	if ss.slot[i].key1 != 0 && ss.slot[i^1].key1 == 0 {
		i ^= 1 // the set's empty slot; else its first one's page goes
	}
	return bs.install(i, key)
}

// install gives the executor's slot i to the page of key, and returns it.
func (bs *blockState) install(i uint64, key uintptr) *pageSlot {
	ps := &bs.pages.slot[i]
	if ps.key1 == 0 {
		bs.pages.used = append(bs.pages.used, uint16(i))
	}
	if ps.run.head != 0 {
		bs.flushRun(ps)
	}
	for i := range bs.sitePages {
		if bs.sitePages[i].ps == ps {
			bs.sitePages[i] = siteSlot{}
		}
	}
	pg, created := bs.launch.global.page(key)
	*ps = pageSlot{key1: key + 1, pg: pg}
	if created {
		ps.fresh = bs.b.Index + 1
	}
	return ps
}

// touchPage readies pg, of slot ps, for a write of its words: marked
// touched, its summary expanded.
func (bs *blockState) touchPage(ps *pageSlot) {
	pg := ps.pg
	if !ps.touched {
		ps.touched = true
		if !pg.touched.Load() {
			pg.touched.Store(true) // before hasSum's load: see flushRun
		}
	}
	if pg.hasSum.Load() {
		pg.mu.Lock()
		bs.expandSum(pg)
		pg.mu.Unlock()
	}
}

// globalAccess checks an access of kind k of size bytes at p in global
// memory by the thread of x.cur.
func (bs *blockState) globalAccess(x *accessCtx, k Kind, p uintptr, size int) {
	key := p >> pageShift
	x.gen = globalGen
	if k == AtomicOp {
		bs.flushRunsAt(p, size) // a histogram's stream of reads stays a run (see check_run.go)
	} else {
		bs.flushRuns()
	}
	if (p|uintptr(size))&3 == 0 && (p+uintptr(size)-1)>>pageShift == key {
		// Whole cells of one page (4- and 8-byte elements): their words
		// first, without masks.
		ps := bs.slotOf(key)
		ps.fresh = 0
		bs.touchPage(ps)
		pg := ps.pg
		cw := compactOf(&x.cur)
		coverable := k == Read && x.cur.gsyncs == 0 && x.cur.epoch == 0
		warp := uint32(x.cur.rank / 32)
		if x.cur.wsyncs != 0 {
			warp = noWarp
		}
		for i := int(p&(pageBytes-1)) / 4; size > 0; i, size = i+1, size-4 {
			if coverable && covered(pg.words[i].Load(), x.cur.block, x.cur.syncs, warp) {
				continue
			}
			v := x.valueAt(key<<pageShift + uintptr(i)*4)
			if cw == 0 || !pg.compactAccess(i, cw, k, x.cur.val(), v) {
				pg.mu.Lock()
				c, empty := pg.fullCell(i)
				x.at(&pg.fullVals[i], v)
				if empty {
					x.first(c, k) // without reading it
				} else {
					x.apply(c, 0xf, k, &pg.sp)
				}
				pg.settle(i, c)
				pg.mu.Unlock()
			}
		}
		x.endAccess()
		return
	}
	for end := p + uintptr(size); p < end; {
		key := p >> pageShift
		next := min(end, (key+1)<<pageShift)
		ps := bs.slotOf(key)
		ps.fresh = 0
		bs.touchPage(ps)
		pg := ps.pg
		pg.mu.Lock()
		for a := p &^ 3; a < next; a += 4 {
			i := int(a-key<<pageShift) / 4
			c, _ := pg.fullCell(i)
			x.at(&pg.fullVals[i], x.valueAt(a))
			x.apply(c, byteMask(a, p, next), k, &pg.sp)
			pg.settle(i, c)
		}
		pg.mu.Unlock()
		p = next
	}
	x.endAccess()
}

// byteMask returns the mask of the bytes of [p, end) in the cell at the
// 4-byte-aligned address a (bit i: byte a+i).
func byteMask(a, p, end uintptr) uint8 {
	lo, hi := max(a, p), min(a+4, end)
	return uint8((1<<(hi-a) - 1) &^ (1<<(lo-a) - 1))
}
