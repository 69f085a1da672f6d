package probe

import (
	"github.com/gocuda/gocuda/internal/probelink"
)

// Shared memory's fast path: an access of whole cells (4-, 8- or 16-byte
// elements) that the shadow records without a finding, decided and
// recorded in place, without an accessCtx. A cell read by two warps of a
// barrier interval, written in an earlier one, covers every read of the
// interval (see covers): its cover word says so, and such reads (a tile
// every thread reads) compare that word and go. Only the block's executor
// touches its shared shadow, and every entry of a live cell is of the
// block, so a conflict is decided on barrier and collective counts alone
// (see accessCtx.conflicts). Anything to report, a read of bytes no
// thread wrote, and cells split into bytes take the full path,
// blockState.touch, which finds the same state as if it had taken every
// access: cells the fast path updated before it gave up hold the access
// already, as the thread's own.

// A sharedSlot caches, for the sites of one slot, the shared array they
// accessed last in the executor's current block: its range and its
// shadow's cells and cover words (see sharedShadow).
type sharedSlot struct {
	base, end uintptr
	cells     []cell
	cover     []uint64
}

// touchShared is touch for shared memory: it reports whether p is
// shared memory, and if so checks the access; same reports a Store of
// the bytes there.
func (bs *blockState) touchShared(b *probelink.Block, site *Site, rank int, p uintptr, size int, same bool) bool {
	sl := bs.sharedOf(b, site, p)
	if sl == nil {
		return false
	}
	if !bs.sharedFast(sl, b, site, rank, p, size) {
		bs.touch(b, site, rank, p, size, same, nil)
	}
	return true
}

// sharedOf returns the cached shared array holding p, looking it up (and
// caching it for site's slot) on a miss; nil if p is not shared memory.
func (bs *blockState) sharedOf(b *probelink.Block, site *Site, p uintptr) *sharedSlot {
	if sl := &bs.siteShared[site.id&int32(len(bs.siteShared)-1)]; p-sl.base < sl.end-sl.base {
		return sl
	}
	return bs.sharedMiss(b, site, p)
}

// sharedMiss is sharedOf past its cache.
func (bs *blockState) sharedMiss(b *probelink.Block, site *Site, p uintptr) *sharedSlot {
	sl := &bs.siteShared[site.id&int32(len(bs.siteShared)-1)]
	k, r, ok := sharedRange(b, p, 1)
	if !ok {
		return nil
	}
	s := bs.shadowFor(k, r)
	*sl = sharedSlot{base: r.Base, end: r.Base + uintptr(r.Size), cells: s.cells, cover: s.cover}
	return sl
}

// sharedFast records the access of size bytes at p, in the shared array
// of sl, by thread rank of b at site, if it is of whole cells and finds
// nothing to report. It reports whether it did; if not, the caller takes
// the full path. It makes no call per cell but to cold paths: on every
// shared access that its cover words do not settle, it keeps its values
// in registers.
func (bs *blockState) sharedFast(sl *sharedSlot, b *probelink.Block, site *Site, rank int, p uintptr, size int) bool {
	if (p|uintptr(size))&3 != 0 || p+uintptr(size) > sl.end {
		return false
	}
	th := sharedThread{rank: uint16(rank), syncs: b.Syncs[rank], wsyncs: uint16(b.WarpSyncs[rank]), gen: bs.gen}
	warps, k := b.WarpSyncs, site.Kind
	var cur entry // made at the first store: a covered read makes none
	cells, covers := sl.cells, sl.cover
	for i, end := (p-sl.base&^3)/4, (p+uintptr(size)-sl.base&^3)/4; i < end; i++ {
		c, cover := &cells[i], &covers[i]
		if k == Read && th.covered(*cover) {
			continue
		}
		// What the access does to the cell: record itself in dst, or
		// nothing; or give up to the full path, which may report.
		var dst *entry
		w, r0, r1 := &c.w, &c.r[0], &c.r[1]
		switch {
		case c.tag != th.gen:
			// The block's first access: a write makes the state; a
			// read finds bytes nothing wrote.
			if k != Write {
				return false
			}
			*c = cell{tag: th.gen}
			dst = w
		case w.site < 0: // split into bytes
			return false
		case k != Read:
			if k == ReadWrite && w.site == 0 || th.live(w, warps) || th.live(r0, warps) || th.live(r1, warps) {
				return false
			}
			c.r = [2]entry{} // ordered before the write
			dst = w
		case w.site == 0 || th.live(w, warps) || w.atomic():
			return false // to report, or to meet an atomic kept with w (see atomicRMW)
		case r0.site == 0 || r0.rank == th.rank:
			dst = r0
		case r1.site == 0 || r1.rank == th.rank:
			dst = r1
		case th.covers(r0, r1, warps):
		case th.live(r0, warps) && !th.live(r1, warps):
			dst = r1
		default:
			dst = r0
		}
		if dst != nil {
			if cur.site == 0 {
				th.fill(&cur, bs, b, site)
			}
			putEntry(dst, &cur)
		}
		*cover = 0
		if k == Read && w.site > 0 && w.syncs != th.syncs && r0.syncs == th.syncs && r1.syncs == th.syncs {
			*cover = th.coverOf(c)
		}
	}
	return true
}

// fill sets e to the entry of th's access at site, as fillEntry does
// for shared memory (whose entries keep no bytes), from th's counts: a
// fence's and a grid barrier's are read only where some thread has made
// one.
func (th sharedThread) fill(e *entry, bs *blockState, b *probelink.Block, site *Site) {
	w := entryWords(e)
	w.a = uint64(uint32(site.id+1)) | uint64(uint32(b.Index))<<32
	w.b = uint64(th.syncs) | uint64(th.wsyncs)<<32 | uint64(th.rank)<<48
	w.c = 0
	if bs.epochs || b.Launch.Cooperative {
		w.c |= uint32(bs.epoch[th.rank]) | uint32(uint8(b.GridSyncs[th.rank]))<<16
	}
}

// Cover words: a cell's readers cover every read of their block's barrier
// interval if they are of two warps (intervalKey), every read of their
// warp at their count of collectives if they are of one (warpKey). Both
// keys hold the block's generation, never 0, in their high half.
const (
	warpKeyBit = 1 << 31 // in warpKey, not in intervalKey
	warpShift  = 26      // 5 bits: the warp
	wsyncShift = 16      // 10 bits: the count of collectives
)

// intervalKey is the cover word of the barrier interval syncs (below 2^31)
// of the block of generation gen.
func intervalKey(gen, syncs uint32) uint64 { return uint64(gen)<<32 | uint64(syncs) }

// warpKey is the cover word of warp w at wsyncs collectives in the
// barrier interval syncs of the block of generation gen; its fields must
// be within their bits (see coverOf).
func warpKey(gen, syncs uint32, w, wsyncs uint16) uint64 {
	return uint64(gen)<<32 | warpKeyBit | uint64(w)<<warpShift | uint64(wsyncs)<<wsyncShift | uint64(syncs)
}

// sharedCovered is sharedThread.covered for thread rank of b, whose
// generation is gen, without making the sharedThread.
func sharedCovered(key uint64, gen uint32, b *probelink.Block, rank int) bool {
	if uint32(key>>32) != gen {
		return false
	}
	if key&warpKeyBit == 0 {
		return uint32(key) == b.Syncs[rank]
	}
	return key == warpKey(gen, b.Syncs[rank], uint16(rank/32), uint16(b.WarpSyncs[rank]))
}

// covered reports whether the cover word key covers th's read.
func (th sharedThread) covered(key uint64) bool {
	return key == intervalKey(th.gen, th.syncs) ||
		key&warpKeyBit != 0 && key == warpKey(th.gen, th.syncs, th.rank/32, th.wsyncs)
}

// coverOf returns the cover word of the live cell c that th has just
// read: its readers' key if they cover the reads of their interval or
// warp (see covers) and its write is of an earlier interval, else 0.
func (th sharedThread) coverOf(c *cell) uint64 {
	r0, r1 := &c.r[0], &c.r[1]
	if c.w.site <= 0 || c.w.syncs == th.syncs || c.w.atomic() || r0.site <= 0 || r1.site <= 0 ||
		r0.syncs != th.syncs || r1.syncs != th.syncs {
		return 0
	}
	warp := th.rank / 32
	switch {
	case r0.rank/32 != r1.rank/32:
		if th.syncs < warpKeyBit {
			return intervalKey(th.gen, th.syncs)
		}
	case r0.rank/32 == warp && r1.rank/32 == warp && r0.wsyncs == th.wsyncs && r1.wsyncs == th.wsyncs &&
		th.syncs < 1<<wsyncShift && th.wsyncs < 1<<(warpShift-wsyncShift):
		return warpKey(th.gen, th.syncs, warp, th.wsyncs)
	}
	return 0
}

// A sharedThread is the thread of an access on the fast path, with its
// counts of barriers and collectives and its block's generation: few
// fields, which the compiler keeps in registers.
type sharedThread struct {
	rank   uint16
	wsyncs uint16
	syncs  uint32
	gen    uint32 // the block's generation
}

// covers is covers within a block, where fences and grid barriers order
// nothing more than block barriers do; warps are the block's counts of
// collectives by thread.
func (th sharedThread) covers(r0, r1 *entry, warps []uint32) bool {
	if r0.syncs != th.syncs || r1.syncs != th.syncs {
		return false
	}
	warp := th.rank / 32
	return r0.rank/32 != r1.rank/32 || r0.rank/32 == warp && r1.rank/32 == warp &&
		r0.wsyncs == th.wsyncs && r1.wsyncs == th.wsyncs &&
		uint16(warps[r0.rank]) == th.wsyncs && uint16(warps[r1.rank]) == th.wsyncs
}

// live reports whether e, an access of th's block, conflicts with th's:
// accessCtx.conflicts within a block.
func (th sharedThread) live(e *entry, warps []uint32) bool {
	return e.site > 0 && e.rank != th.rank && e.syncs == th.syncs &&
		(e.rank/32 != th.rank/32 || e.wsyncs == th.wsyncs && e.wsyncs == uint16(warps[e.rank]))
}

// putEntry stores e in dst as put does, word by word.
func putEntry(dst, e *entry) {
	from, to := entryWords(e), entryWords(dst)
	to.a, to.b, to.c = from.a, from.b, from.c
}
