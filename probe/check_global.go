package probe

import "sync"

// Global memory's racecheck shadow lives for one launch and is shared by
// the launch's blocks, which run in parallel: it is made of pages of
// pageBytes bytes, created when first touched, each with its own lock, found
// through a sharded map and cached per executor, so that blocks working on
// different data do not contend.

const (
	pageShift = 10
	pageBytes = 1 << pageShift
	pageCells = pageBytes / 4
	shards    = 64
)

// A page is the shadow of pageBytes bytes of global memory. Pages are
// pooled across launches; a reused page's generation changes, which
// empties its cells without clearing them (see cell.tag).
//
// Bit i of touched is set once cell i holds state of the current
// generation: a kernel's first access to a cell then writes it without
// first reading its tag, a cache miss the CPU would wait for.
type page struct {
	cells   [pageCells]cell // first: a page is allocated aligned, so are they
	mu      sync.Mutex
	gen     uint32
	sp      splits
	touched [pageCells / 64]uint64
}

// A globalShadow is the shadow of a launch's global memory.
type globalShadow struct {
	shards [shards]struct {
		mu sync.Mutex
		m  map[uintptr]*page
		_  [40]byte // a cache line each
	}
}

var pagePool = sync.Pool{New: func() any { return &page{gen: 1} }}

// page returns the page of key (an address >> pageShift), creating it.
func (g *globalShadow) page(key uintptr) *page {
	s := &g.shards[(uint64(key)*0x9e3779b97f4a7c15)>>(64-6)]
	s.mu.Lock()
	defer s.mu.Unlock()
	pg := s.m[key]
	if pg == nil {
		if s.m == nil {
			s.m = make(map[uintptr]*page)
		}
		pg = pagePool.Get().(*page)
		s.m[key] = pg
	}
	return pg
}

// release returns the pages to the pool, emptied; g is not used again.
func (g *globalShadow) release() {
	for i := range g.shards {
		for _, pg := range g.shards[i].m {
			if pg.gen++; pg.gen == 0 {
				clear(pg.cells[:]) // tags wrapped around
				pg.gen = 1
			}
			pg.sp.reset()
			clear(pg.touched[:])
			pagePool.Put(pg)
		}
		g.shards[i].m = nil
	}
}

// A pageSlot caches one page for an executor.
type pageSlot struct {
	key1 uintptr // key + 1; 0: empty
	pg   *page
}

// pageOf returns the page of key through the executor's cache, a few
// pages replaced in turn: a kernel streams through a few arrays at once.
func (bs *blockState) pageOf(key uintptr) *page {
	for i := range bs.pages {
		if bs.pages[i].key1 == key+1 {
			return bs.pages[i].pg
		}
	}
	slot := &bs.pages[bs.nextPage%len(bs.pages)]
	bs.nextPage++
	slot.key1, slot.pg = key+1, bs.launch.global.page(key)
	return slot.pg
}

// globalAccess checks an access of kind k of size bytes at p in global
// memory by the thread of x.cur.
func (bs *blockState) globalAccess(x *accessCtx, k Kind, p uintptr, size int) {
	key := p >> pageShift
	if (p|uintptr(size))&3 == 0 && (p+uintptr(size)-1)>>pageShift == key {
		// Whole cells of one page (4- and 8-byte elements): without
		// span's masks.
		pg := bs.pageOf(key)
		pg.mu.Lock()
		x.gen = pg.gen
		for i := int(p&(pageBytes-1)) / 4; size > 0; i, size = i+1, size-4 {
			pg.cell(x, i, k)
		}
		pg.mu.Unlock()
		return
	}
	for end := p + uintptr(size); p < end; {
		key := p >> pageShift
		next := min(end, (key+1)<<pageShift)
		pg := bs.pageOf(key)
		pg.mu.Lock()
		x.gen = pg.gen
		x.span(pg.cells[:], key<<pageShift, p, int(next-p), k, &pg.sp)
		pg.touch(int(p&(pageBytes-1)/4), int(next-1-key<<pageShift)/4)
		pg.mu.Unlock()
		p = next
	}
}

// cell applies an access of kind k to the whole of cell i.
func (pg *page) cell(x *accessCtx, i int, k Kind) {
	if w, bit := &pg.touched[i/64], uint64(1)<<(i%64); *w&bit == 0 {
		*w |= bit
		x.first(&pg.cells[i], k)
		return
	}
	x.apply(&pg.cells[i], 0xf, k, &pg.sp)
}

// touch marks cells lo to hi (included) touched.
func (pg *page) touch(lo, hi int) {
	for i := lo; i <= hi; i++ {
		pg.touched[i/64] |= 1 << (i % 64)
	}
}
