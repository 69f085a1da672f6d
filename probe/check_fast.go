package probe

import (
	"github.com/gocuda/gocuda/gocuda"
)

// The checker's fast path: a 4-byte access to global memory by a thread
// that has passed no collective, grid barrier or fence in its block, that
// memcheck and initcheck have nothing to say of, and that the word of the
// compact shadow can record (see check_compact.go): a copy's or a map's
// accesses, and most of any barrier-free kernel's. Consecutive threads'
// accesses to consecutive elements of a page the block made are a run,
// which costs a comparison and an increment each (see check_run.go). The
// full path, blockState.touch, takes the rest.

// touch checks an access of size bytes at p by t: racecheck on shared or
// global memory, initcheck, and memcheck's use after free. same reports
// that a write stores the bytes already there. It decides the fast path's
// case itself, and leaves the rest to blockState.touch.
func (c *checker) touch(t *gocuda.Thread, site *Site, p uintptr, size int, same bool) {
	if size <= 0 || t == nil {
		return
	}
	b := blockOf(t)
	bs := (*blockState)(b.Fast) // b.State, without the assertion
	if bs == nil {
		return
	}
	bs.saw(site)
	rank := t.ThreadRank()
	b.Work[rank]++ // bs.worked
	if len(b.Shared) > 0 || b.Dynamic.Size > 0 {
		// The commonest shared access, a read of one cell that the cell's
		// readers cover, without a call: sharedOf's cache and
		// touchShared's first test.
		if sl := &bs.siteShared[site.id&int32(len(bs.siteShared)-1)]; p-sl.base < sl.end-sl.base {
			if i := (p - sl.base&^3) / 4; site.Kind == Read && size == 4 && p&3 == 0 &&
				i < uintptr(len(sl.cover)) && sharedCovered(sl.cover[i], bs.gen, b, rank) {
				return
			}
			if !bs.sharedFast(sl, b, site, rank, p, size, same) {
				bs.touch(b, site, rank, p, size, same)
			}
			return
		}
		if bs.touchShared(b, site, rank, p, size, same) {
			return
		}
	}
	// A block has at most 1024 threads: rank fits in its bits.
	if (uintptr(size)-4)|p&3 != 0 || bs.slowGlobal || uint32(site.id) >= 1<<siteBits {
		bs.touch(b, site, rank, p, size, same)
		return
	}
	var syncs uint32
	if b.Synced {
		if syncs = b.Syncs[rank]; syncs >= 1<<syncsBits || b.WarpSyncs[rank] != 0 || b.GridSyncs[rank] != 0 {
			bs.touch(b, site, rank, p, size, same)
			return
		}
	}
	var a *allocation
	if c.allocs.table.Load() != nil {
		var ok bool
		if a, ok = bs.plainGlobal(site, p); !ok {
			bs.touch(b, site, rank, p, size, same)
			return
		}
	}
	key := p >> pageShift
	sl := &bs.sitePages[uint32(site.id)%uint32(len(bs.sitePages))]
	if sl.key1 != key+1 {
		sl.key1, sl.ps = key+1, bs.slotOf(key)
	}
	ps := sl.ps
	cw := packCompact(uint64(rank), uint64(b.Index), uint64(syncs), uint64(site.id))
	i := p & (pageBytes - 1) / 4
	if nw := compactWord(cw, site.Kind, same); ps.fresh == b.Index+1 &&
		(ps.run.extend(i, nw, site.Kind) || bs.runMiss(ps, i, nw, site.Kind)) {
		// A page the block made and has only run through (see
		// check_run.go): the access is in its run.
		if a != nil && site.Kind != Read {
			a.setInit(int(p-a.base), 4)
		}
		return
	}
	if !ps.touched || ps.pg.hasSum.Load() {
		bs.touchPage(ps)
	}
	// compactAccess, by hand: the compiler does not inline it.
	w := &ps.pg.words[i]
	old := w.Load()
	if site.Kind == Read && covered(old, uint32(b.Index), syncs, uint32(rank/32)) {
		return
	}
	if old != 0 && (old&compactBit == 0 || (old^cw)&threadMask != 0 || old&writeBit != 0 && site.Kind == Read) {
		bs.touch(b, site, rank, p, size, same)
		return
	}
	if nw := compactWord(cw, site.Kind, same); old != nw && !w.CompareAndSwap(old, nw) {
		bs.touch(b, site, rank, p, size, same)
		return
	}
	if a != nil && site.Kind != Read {
		a.setInit(int(p-a.base), 4)
	}
}

// plainGlobal reports whether memcheck and initcheck have nothing to say
// of an access at site to the 4 bytes of global memory at p, and returns
// the allocation holding them, if any.
func (bs *blockState) plainGlobal(site *Site, p uintptr) (*allocation, bool) {
	a := bs.allocAt(p)
	return a, a == nil || a.plain(p, site.Kind)
}

// plain reports whether memcheck and initcheck have nothing to say of an
// access of kind k to the 4 bytes at p, in a.
func (a *allocation) plain(p uintptr, k Kind) bool {
	off := int(p - a.base)
	return !a.freed.Load() && off+4 <= a.size && (k == Write || a.isInit(off, 4))
}
