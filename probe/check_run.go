package probe

import "unsafe"

// Runs: a block's streaming accesses to a page it created, kept as one
// summary in place of a word each.
//
// A copy's or a map's threads access consecutive elements of a page that
// no other block touches: thread r of the block, cell c+r, at one site.
// Such a run of accesses, on a page the block created in this launch and
// has accessed in no other way, is counted in the executor's slot of the
// page (a comparison and an increment per access) and reaches the page
// as a summary of the words it would have set, where another access
// needs it: the block's own other accesses to the page, a fence, a grid
// barrier, the block's end, and, for a run of writes, an atomic on
// global memory. Until then no other block's access is ordered with the
// run's (those are the points where blocks meet), so the run reaching the
// page later is the same as the blocks running in another order. An
// atomic orders no access without a fence, but a block that sees its
// value runs after it in time: a run of writes published at the block's
// end would make another block's read after the atomic look like it came
// first (a WAR hazard for the RAW that happened). A run of reads goes on
// past an atomic, so that a kernel taking an atomic per element (a
// histogram) keeps its stream of reads a run: a race of such a read with
// a write another block makes after seeing the atomic, which no fence
// orders, may be reported as a RAW hazard where it was a WAR. The words stay empty, and need no clearing, if nothing else
// touches the page.
//
// An access of another block that needs the page's words expands the
// summary into them first, under the page's lock, checking each access
// as the fast path would have; a summary published while another block
// writes words without the lock is expanded at once. Which of the two
// happens is settled by the page's touched flag, set before a word is
// written, and its hasSum flag, set before touched is read: one side
// always sees the other.
//
// A run's accesses meet only other blocks' accesses in the words (its
// block's other accesses to the page end the run first): their order
// never depends on the block's collectives, which the expansion could
// not see as they were.

// A run is consecutive accesses of one kind, at one site, by consecutive
// threads (ranks) of a block to consecutive cells of a page, each having
// passed the same block barriers: head, the compact word of its first
// (see compactWord), plus i<<rankShift is the word of its i-th. A run of
// Stores keeps their bytes by cell in vals, its page's runVals: a page
// has at most one run a launch, of the block that made it.
type run struct {
	head  uint64  // 0: no run
	next  uint64  // the word of the access that would extend it
	base  uintptr // the address of its cells less 4 bytes a rank: thread r's is base+4r
	vals  *[pageCells]uint32
	start uint16 // its first cell
	k     Kind
}

// len returns the number of r's accesses.
func (r *run) len() uintptr { return uintptr((r.next - r.head) >> rankShift) }

// extend extends r by the access with compact word w, at p, of thread
// rank if the access extends it, and reports whether it did; v is the
// value a Store stores (w has valBit), else nil. The word names the site,
// and so the kind; the cell follows from the rank. (Its cells lie in one
// page, which the caller checks. Past rank 1023 next carries out of the
// rank's bits into pendBit, which no access's word has.)
func (r *run) extend(p uintptr, rank int, w uint64, v unsafe.Pointer) bool {
	if r.next != w || p-uintptr(rank)*4 != r.base {
		return false
	}
	r.next += 1 << rankShift
	if v != nil {
		r.vals[p&(pageBytes-1)/4] = *(*uint32)(v)
	}
	return true
}

// runMiss takes an access of kind k with compact word w, at p, of thread
// rank, on the page of ps, which the block made and has only run
// through, and which does not extend the page's run: it starts the run
// if there is none and reports true; else it puts the run in the page
// and reports false, and the caller goes the word's way. v is as for
// extend.
func (bs *blockState) runMiss(ps *pageSlot, p uintptr, rank int, w uint64, k Kind, v unsafe.Pointer) bool {
	if ps.run.head != 0 {
		bs.flushRun(ps)
		return false
	}
	ps.run = run{head: w, next: w + 1<<rankShift, base: p - uintptr(rank)*4, start: uint16(p & (pageBytes - 1) / 4), k: k}
	if v != nil {
		// Only this block writes them, until flushRun publishes the run.
		if ps.pg.runVals == nil {
			ps.pg.runVals = new([pageCells]uint32)
		}
		ps.run.vals = ps.pg.runVals
		ps.run.vals[ps.run.start] = *(*uint32)(v)
	}
	bs.runs = append(bs.runs, ps)
	return true
}

// flushRuns puts the block's runs in their pages.
func (bs *blockState) flushRuns() {
	for _, ps := range bs.runs {
		if ps.run.head != 0 {
			bs.flushRun(ps)
		}
	}
	clear(bs.runs)
	bs.runs = bs.runs[:0]
}

// flushWrites puts the block's runs of writes in their pages and keeps
// its runs of reads going.
func (bs *blockState) flushWrites() {
	kept := bs.runs[:0]
	for _, ps := range bs.runs {
		switch {
		case ps.run.head == 0:
		case ps.run.k == Read:
			kept = append(kept, ps)
		default:
			bs.flushRun(ps)
		}
	}
	clear(bs.runs[len(kept):])
	bs.runs = kept
}

// flushRunsAt puts the block's runs on the pages of the size bytes at p
// in those pages and keeps its other runs going.
func (bs *blockState) flushRunsAt(p uintptr, size int) {
	lo, hi := p>>pageShift, (p+uintptr(size)-1)>>pageShift
	kept := bs.runs[:0]
	for _, ps := range bs.runs {
		switch key := ps.key1 - 1; {
		case ps.run.head == 0:
		case key < lo || key > hi:
			kept = append(kept, ps)
		default:
			bs.flushRun(ps)
		}
	}
	clear(bs.runs[len(kept):])
	bs.runs = kept
}

// flushRun puts the run of ps in its page as the page's summary, after
// expanding the summary there already (another block's), if any. It
// expands its own at once if some block may have written words of the
// page: one that had read hasSum before it was set.
func (bs *blockState) flushRun(ps *pageSlot) {
	pg := ps.pg
	ps.fresh = 0 // one run per block and page
	pg.mu.Lock()
	if pg.hasSum.Load() {
		bs.expandSum(pg)
	}
	pg.sum = ps.run
	ps.run = run{}
	pg.hasSum.Store(true)
	if pg.touched.Load() {
		bs.expandSum(pg)
	}
	pg.mu.Unlock()
}

// expandSum applies the accesses of pg's summary to its words, checking
// each as the fast path does, and clears the summary. pg.mu is held.
func (bs *blockState) expandSum(pg *page) {
	r := pg.sum
	if !pg.touched.Load() {
		pg.touched.Store(true)
	}
	for j := range r.len() {
		bs.applyWord(pg, uintptr(r.start)+j, r.head+uint64(j)<<rankShift, r.k, r.vals)
	}
	pg.sum = run{}
	pg.hasSum.Store(false)
}

// applyWord checks and records the access of kind k with compact word w
// (a thread that has passed no collective, grid barrier or fence) to cell
// i of pg, as the fast path and, where the word cannot keep it, the full
// path do; a Store's bytes are vals[i]. pg.mu is held.
func (bs *blockState) applyWord(pg *page, i uintptr, w uint64, k Kind, vals *[pageCells]uint32) {
	block, syncs := uint32(w>>blockShift&(1<<blockBits-1)), uint32(w>>syncsShift&(1<<syncsBits-1))
	if k == Read && covered(pg.words[i].Load(), block, syncs, uint32(w>>rankShift&(1<<10-1))/32) {
		return
	}
	var v uint32
	if w&valBit != 0 {
		v = vals[i]
	}
	if pg.compactAccess(int(i), w&^(writeBit|valBit), k, w&valBit != 0, v) {
		return
	}
	var x accessCtx
	x.b, x.bs, x.gen = bs.b, bs, globalGen
	x.cur = expand(w)
	x.space, x.addr, x.size = spaceGlobal, pg.key<<pageShift+i*4, 4
	if a := bs.allocAt(x.addr); a != nil {
		x.alloc, x.off = a, int64(x.addr-a.base)
	}
	bs.nseen = 0
	c, empty := pg.fullCell(int(i))
	x.at(&pg.fullVals[i], v)
	if empty {
		x.first(c, k)
	} else {
		x.apply(c, 0xf, k, &pg.sp)
	}
	x.endAccess()
	pg.settle(int(i), c)
}
