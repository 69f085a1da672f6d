package probe

import (
	"github.com/gocuda/gocuda/internal/probelink"
)

// Shared memory's fast path: an access of whole cells (4-, 8- or 16-byte
// elements) that the shadow records without a finding, decided and
// recorded in place, without an accessCtx. Only the block's executor
// touches its shared shadow, and every entry of a live cell is of the
// block, so a conflict is decided on barrier and collective counts alone
// (see accessCtx.conflicts). Anything to report, a read of bytes no
// thread wrote, and cells split into bytes take the full path,
// blockState.touch, which finds the same state as if it had taken every
// access: cells the fast path updated before it gave up hold the access
// already, as the thread's own.

// A sharedSlot caches, for the sites of one slot, the shared array they
// accessed last in the executor's current block.
type sharedSlot struct {
	base, end uintptr
	s         *sharedShadow
}

// sharedOf returns the cached shared array holding p, looking it up (and
// caching it for site's slot) on a miss; nil if p is not shared memory.
func (bs *blockState) sharedOf(b *probelink.Block, site *Site, p uintptr) *sharedSlot {
	sl := &bs.siteShared[uint32(site.id)%uint32(len(bs.siteShared))]
	if p-sl.base < sl.end-sl.base {
		return sl
	}
	k, r, ok := sharedRange(b, p, 1)
	if !ok {
		return nil
	}
	*sl = sharedSlot{base: r.Base, end: r.Base + uintptr(r.Size), s: bs.shadowFor(k, r)}
	return sl
}

// sharedFast records the access of size bytes at p, in the shared array
// of sl, by thread rank of b at site, if it is of whole cells and finds
// nothing to report. It reports whether it did; if not, the caller takes
// the full path.
func (bs *blockState) sharedFast(sl *sharedSlot, b *probelink.Block, site *Site, rank int, p uintptr, size int, same bool) bool {
	if (p|uintptr(size))&3 != 0 || p+uintptr(size) > sl.end {
		return false
	}
	var cur entry
	bs.fillEntry(&cur, b, site, rank, same)
	i := int(p-sl.base&^3) / 4
	cells := sl.s.cells[i : i+size/4]
	for j := range cells {
		if !bs.sharedCell(&cells[j], &cur, b, site.Kind) {
			return false
		}
	}
	return true
}

// sharedCell records the access cur of kind k to the whole cell c if
// that finds nothing to report, and reports whether it did.
func (bs *blockState) sharedCell(c *cell, cur *entry, b *probelink.Block, k Kind) bool {
	if c.tag != bs.gen {
		// The block's first access: a write makes the state; a read
		// finds bytes nothing wrote.
		if k != Write {
			return false
		}
		*c = cell{tag: bs.gen}
		putEntry(&c.w, cur)
		return true
	}
	if c.w.site < 0 {
		return false // split into bytes
	}
	r0, r1 := &c.r[0], &c.r[1]
	switch {
	case k != Read:
		if k == ReadWrite && c.w.site == 0 || live(&c.w, cur, b) || live(r0, cur, b) || live(r1, cur, b) {
			return false
		}
		// A read and write leaves the write: readers are ordered before it.
		c.r = [2]entry{}
		putEntry(&c.w, cur)
	case c.w.site == 0 || live(&c.w, cur, b):
		return false
	case r0.site == 0 || r0.rank == cur.rank:
		putEntry(r0, cur)
	case r1.site == 0 || r1.rank == cur.rank:
		putEntry(r1, cur)
	case covers(r0, r1, cur):
	case live(r0, cur, b) && !live(r1, cur, b):
		putEntry(r1, cur)
	default:
		putEntry(r0, cur)
	}
	return true
}

// live reports whether e, an access of cur's block, conflicts with cur:
// accessCtx.conflicts within a block.
func live(e, cur *entry, b *probelink.Block) bool {
	return e.site > 0 && e.rank != cur.rank && e.syncs == cur.syncs &&
		(e.rank/32 != cur.rank/32 || e.wsyncs == cur.wsyncs && e.wsyncs == uint16(b.WarpSyncs[e.rank]))
}

// putEntry stores e in dst as put does, word by word.
func putEntry(dst, e *entry) {
	from, to := entryWords(e), entryWords(dst)
	to.a, to.b, to.c = from.a, from.b, from.c
}
