package probe

import "runtime"

// Global memory's compact shadow: a word per four bytes.
//
// Most global memory a kernel touches is touched by one thread only (a
// copy, a map, the output of a reduction or a scan), by a thread that has
// passed no warp collective, grid barrier or fence. Such a cell holds one
// access: a word holds it whole (site, block, rank, block barriers
// passed, write and value bits), and a lone thread's further accesses,
// which never conflict with its own, replace it. Those updates are a
// compare-and-swap on the word, without the page's lock.
//
// A Store's bytes are kept with its word (the page's vals), so that a
// later write of another block is judged against them: comparing with the
// memory before its own store, as in shared memory, would race with the
// first block's store, which lands after its record (see sameValue). The
// word and its value cannot change in one step: the thread claims the
// word marked pending, writes the value, then clears the mark, and an
// expansion waits out the mark (see compactAccess, fullCell).
//
// Anything else, a second thread, an access after a collective or a write
// followed by a read of the same thread (two entries), expands the word
// into a full cell (see check_shadow.go) under the page's lock: the word
// then says so, and every later access goes the full cell's way.
// Expanding a word gives the full cell the state it would have had, so
// the two ways find the same hazards.
//
// A full cell whose readers cover a read (see covers) says so in its word,
// so that such reads (every thread reading one input: n-body's bodies, a
// matrix row, a stencil's neighbours) load the word and go, without the
// page's lock or a store to a line other blocks read too: the word is
// coverAll where two blocks' reads and no write cover any read without
// grid barriers or fences, coverBlock where two warps' reads cover those
// of their block and barrier interval, coverWarp where two reads of a
// warp that has passed no collective cover the warp's in the interval.
//
// A word is 0 (no access), a compact access (compactBit set) or fullWord,
// with coverAll, coverBlock or coverWarp.
const (
	compactBit = 1 << 63
	writeBit   = 1 << 62 // the access was a write (else a read)
	valBit     = 1 << 61 // a write whose bytes are kept: the page's vals, or its run's (see entry.val)
	pendBit    = 1 << 60 // with valBit: the bytes are not in vals yet (see compactAccess)
	rankShift  = 50      // 10 bits: a thread's rank (a block has at most 1024 threads)
	blockShift = 30      // 20 bits: the block's linear index
	blockBits  = 20
	syncsShift = 18 // 12 bits: the block barriers the thread had passed
	syncsBits  = 12
	siteBits   = 18 // the site's id

	threadMask = (1<<10-1)<<rankShift | (1<<blockBits-1)<<blockShift

	fullWord   = 1 // the cell's state is the page's full cell
	coverAll   = 2 // with fullWord: see above
	coverBlock = 4 // with fullWord: the block's index in bits 32-63, the interval's barrier count in 9-31
	coverWarp  = 8 // as coverBlock, with the warp in bits 4-8
	fullMask   = compactBit | fullWord
	coverMask  = fullMask | coverAll | coverBlock | coverWarp

	coverWarpShift = 4
	coverShift     = 9
	coverSyncs     = 1<<23 - 1

	noWarp = 1 << 5 // the warp of a thread that has passed a collective: no coverWarp covers it
)

// coverWord returns the word of the full cell c: fullWord, with coverAll
// or coverBlock where c's readers cover reads that c's write, if any, does
// not conflict with.
func coverWord(c *cell) uint64 {
	r0, r1, w := &c.r[0], &c.r[1], &c.w
	if w.site < 0 || r0.site <= 0 || r1.site <= 0 || r0.gsyncs|r1.gsyncs != 0 || r0.epoch|r1.epoch != 0 || w.atomic() {
		return fullWord
	}
	switch {
	case r0.block != r1.block:
		if w.site == 0 {
			return fullWord | coverAll
		}
	case r0.syncs != r1.syncs || r0.syncs > coverSyncs || w.site != 0 && (w.block != r0.block || w.syncs == r0.syncs):
	case r0.rank/32 != r1.rank/32:
		return fullWord | coverBlock | uint64(r0.syncs)<<coverShift | uint64(r0.block)<<32
	case r0.wsyncs|r1.wsyncs == 0:
		return fullWord | coverWarp | uint64(r0.rank/32)<<coverWarpShift | uint64(r0.syncs)<<coverShift |
			uint64(r0.block)<<32
	}
	return fullWord
}

// covered reports whether the word w covers a read by a thread of warp
// warp (noWarp if it has passed a collective) of the block of linear
// index block (its low 32 bits) that has passed syncs block barriers, no
// grid barrier and no fence: the read finds nothing and changes nothing.
func covered(w uint64, block, syncs, warp uint32) bool {
	switch w & coverMask {
	case fullWord | coverAll:
		return true
	case fullWord | coverBlock:
		return uint32(w>>32) == block && uint32(w>>coverShift)&coverSyncs == syncs
	case fullWord | coverWarp:
		return uint32(w>>32) == block && uint32(w>>coverShift)&coverSyncs == syncs &&
			uint32(w>>coverWarpShift)&(1<<5-1) == warp
	}
	return false
}

// settle sets the word of the full cell i of pg, c, to coverWord(c).
// pg.mu is held: only fast paths' loads read a full cell's word
// meanwhile.
func (pg *page) settle(i int, c *cell) {
	if w := coverWord(c); pg.words[i].Load() != w {
		pg.words[i].Store(w)
	}
}

// compactOf returns the compact word of the access e without its write
// and value bits, or 0 if e has no compact form: its thread has passed a
// collective, grid barrier or fence, or 2^12 block barriers, or its
// block's index or site's id is too large, or it is an atomic (whose
// cell keeps what a word cannot: see check_atomic.go).
func compactOf(e *entry) uint64 {
	w := entryWords(e)
	if e.wsyncs != 0 || w.c&(1<<24-1) != 0 || e.atomic() || e.site <= 0 || e.site > 1<<siteBits || e.rank >= 1<<10 ||
		e.block >= 1<<blockBits || e.syncs >= 1<<syncsBits {
		return 0
	}
	return packCompact(uint64(e.rank), uint64(e.block), uint64(e.syncs), uint64(e.site-1))
}

// packCompact is compactOf of an access at site id by thread rank of
// block, having passed syncs block barriers, all within their bits.
func packCompact(rank, block, syncs, site uint64) uint64 {
	return compactBit | rank<<rankShift | block<<blockShift | syncs<<syncsShift | site
}

// compactWord returns the word that records an access of kind k with
// compact form c (see compactOf): a read, or a write (a read and write
// leaves the write only); val reports a write whose bytes are kept.
func compactWord(c uint64, k Kind, val bool) uint64 {
	if k == Read {
		return c
	}
	c |= writeBit
	if val {
		c |= valBit
	}
	return c
}

// expand returns the entry of the compact word w.
func expand(w uint64) entry {
	e := entry{
		site:  int32(w&(1<<siteBits-1)) + 1,
		block: uint32(w >> blockShift & (1<<blockBits - 1)),
		syncs: uint32(w >> syncsShift & (1<<syncsBits - 1)),
		rank:  uint16(w >> rankShift & (1<<10 - 1)),
	}
	if w&valBit != 0 {
		e.flags = entryVal
	}
	return e
}

// compactAccess records an access of kind k, with compact form c (not
// 0), in word i of pg if the word can keep it: the word records no
// access, or one of the same thread that the access replaces. With val,
// a write of the bytes v, which it keeps in vals. It reports whether it
// did; if not, the caller goes the full cell's way.
//
// A word's thread is the only one to write its vals entry: a word that
// records an access goes to no other thread before it expands, and
// expanding waits for a claimed word's value (see fullCell).
func (pg *page) compactAccess(i int, c uint64, k Kind, val bool, v uint32) bool {
	w := &pg.words[i]
	old := w.Load()
	if old != 0 {
		if old&compactBit == 0 || (old^c)&threadMask != 0 {
			return false // a full cell, or another thread's access
		}
		if old&writeBit != 0 && k == Read {
			return false // the thread's write, then its read: two entries
		}
	}
	nw := compactWord(c, k, val)
	if !val || k == Read {
		return old == nw || w.CompareAndSwap(old, nw)
	}
	if old == nw && pg.vals[i] == v {
		return true // the same write again
	}
	if !w.CompareAndSwap(old, nw|pendBit) {
		return false
	}
	pg.vals[i] = v
	w.Store(nw)
	return true
}

// fullCell returns cell i of pg as a full cell, expanding its word;
// empty reports that the word recorded no access. pg.mu is held.
func (pg *page) fullCell(i int) (c *cell, empty bool) {
	w := &pg.words[i]
	for spins := 0; ; spins++ {
		old := w.Load()
		if old&fullMask == fullWord {
			return &pg.cells()[i], false
		}
		if old&pendBit != 0 {
			// Its thread is between claiming the word and keeping its
			// value, a few instructions (see compactAccess).
			if spins%64 == 63 {
				runtime.Gosched()
			}
			continue
		}
		// A fast path of another block may change the word meanwhile.
		if !w.CompareAndSwap(old, fullWord) {
			continue
		}
		c = &pg.cells()[i]
		switch {
		case old == 0:
			*c = cell{tag: globalGen}
		case old&writeBit != 0:
			*c = cell{w: expand(old), tag: globalGen}
			pg.fullVals[i] = pg.vals[i]
		default:
			*c = cell{r: [2]entry{expand(old)}, tag: globalGen}
		}
		return c, old == 0
	}
}

// cells returns the page's full cells, making them and their values. A
// cell is only read once its word is fullWord, which its making wrote:
// they are not cleared when the page is released.
func (pg *page) cells() *[pageCells]cell {
	if pg.full == nil {
		pg.full, pg.fullVals = new([pageCells]cell), new([pageCells]uint32)
	}
	return pg.full
}
