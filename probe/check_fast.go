package probe

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
)

// The checker's fast path: a 4-byte access to global memory by a thread
// that has passed no collective, grid barrier or fence in its block, that
// memcheck and initcheck have nothing to say of, and that the word of the
// compact shadow can record (see check_compact.go): a copy's or a map's
// accesses, and most of any barrier-free kernel's. Consecutive threads'
// accesses to consecutive elements of a page the block made are a run,
// which costs a comparison and an increment each (see check_run.go). The
// full path, blockState.touch, takes the rest.
//
// Index, Store, Addr and StoreAddr inline into the kernel with one call,
// to touch, which decides a run's extension and a covered shared read
// without a further call. Its other calls end it: a call in its midst
// would have the compiler save its values on every access.

// touch is the access s[i] at site, s being n elements of size bytes at
// base (Index, Store), or if n < 0 the access *base through an address
// the kernel computed (Addr, StoreAddr; i is 0), by t: with c, the
// checker (chk), racecheck on shared or global memory, initcheck and
// memcheck; without, the active mode's access. v is the value a store
// writes, nil for an access that stores nothing.
func touch(c *checker, t *gocuda.Thread, site *Site, base unsafe.Pointer, n int, size uintptr, i int64, v unsafe.Pointer) {
	p := uintptr(base) + uintptr(i)*size
	if c == nil || uint64(i) >= uint64(n) || size != 4 || (p|uintptr(v))&3 != 0 || t == nil {
		touchAny(c, t, site, base, n, size, i, v)
		return
	}
	b := blockOf(t)
	bs := (*blockState)(b.Fast) // b.State, without the assertion
	if bs == nil {
		return
	}
	rank := t.ThreadRank()
	b.Work[rank]++ // bs.worked
	if len(b.Shared) > 0 || b.Dynamic.Size > 0 {
		bs.saw(site)
		// A block's threads run on one goroutine: a Store's bytes are
		// the last write's if they are those there (see sameValue).
		same := v != nil && *(*uint32)(unsafe.Add(base, uintptr(i)*4)) == *(*uint32)(v)
		// The commonest shared access, a read of one cell that the
		// cell's readers cover, takes no further call: sharedOf's cache
		// and sharedFast's first test.
		if sl := &bs.siteShared[site.id&int32(len(bs.siteShared)-1)]; p-sl.base < sl.end-sl.base {
			if i := (p - sl.base&^3) / 4; site.Kind == Read && i < uintptr(len(sl.cover)) &&
				sharedCovered(sl.cover[i], bs.gen, b, rank) {
				return
			}
			bs.sharedAt(sl, b, site, rank, p, same)
			return
		}
		bs.touchAt(b, site, rank, p, 4, same, v)
		return
	}
	if b.Synced || bs.slowGlobal || uint32(site.id) >= 1<<siteBits || c.allocs.table.Load() != nil {
		bs.globalAt(b, site, rank, p, 4, v)
		return
	}
	// A page's run is its block's (see flushRuns): the page is one the
	// block made and has only run through. The run's start saw the site
	// (see saw), in this block, before any of its extensions. A block
	// has at most 1024 threads: rank fits in its bits.
	sl := &bs.sitePages[uint32(site.id)%uint32(len(bs.sitePages))]
	if ps := sl.ps; sl.key1 == p>>pageShift+1 {
		if ps.run.extend(p, rank, compactWord(packCompact(uint64(rank), uint64(b.Index), 0, uint64(site.id)), site.Kind, v != nil), v) {
			return
		}
		// A read that the page's word covers (see covered), on a page
		// without another block's summary: globalAt's first test.
		if site.Kind == Read && ps.touched && !ps.pg.hasSum.Load() &&
			covered(ps.pg.words[p&(pageBytes-1)/4].Load(), uint32(b.Index), 0, uint32(rank/32)) {
			bs.saw(site)
			return
		}
	}
	bs.globalAt(b, site, rank, p, 4, v)
}

// touchAny is touch for any access: of any size or alignment, out of
// range, or in a mode other than check.
func touchAny(c *checker, t *gocuda.Thread, site *Site, base unsafe.Pointer, n int, usize uintptr, i int64, v unsafe.Pointer) {
	size := int(usize)
	in := uint64(i) < uint64(n)
	same := v != nil && in && sameBytes(unsafe.Add(base, uintptr(i)*usize), v, size)
	if c == nil {
		if n < 0 {
			rec.addr(t, site, base, size, same)
		} else {
			rec.access(t, site, base, n, size, i, same)
		}
		return
	}
	if !in {
		c.outOfRange(t, site, uintptr(base), n, size, i)
		return
	}
	if size <= 0 || t == nil {
		return
	}
	b := blockOf(t)
	bs := (*blockState)(b.Fast)
	if bs == nil {
		return
	}
	rank := t.ThreadRank()
	b.Work[rank]++
	bs.touchAt(b, site, rank, uintptr(base)+uintptr(i)*usize, size, same, v)
}

// touchAt checks the access of thread rank of b at site, of size bytes
// at p, having counted it as the thread's work: on shared memory's fast
// path or global memory's, where they take it, else the full path. same
// and v are as for blockState.touch.
func (bs *blockState) touchAt(b *probelink.Block, site *Site, rank int, p uintptr, size int, same bool, v unsafe.Pointer) {
	bs.saw(site)
	if (len(b.Shared) > 0 || b.Dynamic.Size > 0) && bs.touchShared(b, site, rank, p, size, same) {
		return
	}
	bs.globalAt(b, site, rank, p, size, v)
}

// globalAt is touchAt for global memory: its fast path for a 4-byte
// access of a thread having passed block barriers and no other
// collective, that memcheck and initcheck have nothing to say of, takes
// the run of its page (see check_run.go), else its word; the full path
// the rest. v points to the bytes a Store stores, else it is nil.
func (bs *blockState) globalAt(b *probelink.Block, site *Site, rank int, p uintptr, size int, v unsafe.Pointer) {
	bs.saw(site)
	if (uintptr(size)-4)|p&3 != 0 || bs.slowGlobal || uint32(site.id) >= 1<<siteBits {
		bs.touch(b, site, rank, p, size, false, v)
		return
	}
	var syncs uint32
	if b.Synced {
		if syncs = b.Syncs[rank]; syncs >= 1<<syncsBits || b.WarpSyncs[rank] != 0 || b.GridSyncs[rank] != 0 {
			bs.touch(b, site, rank, p, size, false, v)
			return
		}
	}
	var a *allocation
	if bs.launch.c.allocs.table.Load() != nil {
		var ok bool
		if a, ok = bs.plainGlobal(site, p); !ok {
			bs.touch(b, site, rank, p, size, false, v)
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
	nw := compactWord(cw, site.Kind, v != nil)
	if ps.fresh != b.Index+1 || !ps.run.extend(p, rank, nw, v) && !bs.runMiss(ps, p, rank, nw, site.Kind, v) {
		// Not in a run of a page the block made and has only run
		// through: the page's word, as compactAccess has it (which the
		// compiler does not inline; a Store calls it).
		if !ps.touched || ps.pg.hasSum.Load() {
			bs.touchPage(ps)
		}
		i := p & (pageBytes - 1) / 4
		w := &ps.pg.words[i]
		old := w.Load()
		if site.Kind == Read && covered(old, uint32(b.Index), syncs, uint32(rank/32)) {
			return
		}
		if v != nil {
			// A Store's bytes are kept with its word.
			if !ps.pg.compactAccess(int(i), cw, site.Kind, true, *(*uint32)(v)) {
				bs.touch(b, site, rank, p, 4, false, v)
				return
			}
		} else if old != 0 && (old&compactBit == 0 || (old^cw)&threadMask != 0 || old&writeBit != 0 && site.Kind == Read) ||
			old != nw && !w.CompareAndSwap(old, nw) {
			bs.touch(b, site, rank, p, 4, false, nil)
			return
		}
	}
	if a != nil && site.Kind != Read {
		a.setInit(int(p-a.base), 4)
	}
}

// sharedAt checks the 4-byte access at p, in the shared array of sl, of
// thread rank of b at site: sharedFast, else the full path.
func (bs *blockState) sharedAt(sl *sharedSlot, b *probelink.Block, site *Site, rank int, p uintptr, same bool) {
	if !bs.sharedFast(sl, b, site, rank, p, 4) {
		bs.touch(b, site, rank, p, 4, same, nil)
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
