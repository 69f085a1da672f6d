package probe

import (
	"unsafe"

	"github.com/gocuda/gocuda/internal/probelink"
)

// Atomics in racecheck's shadow. An atomic of package atomic reads and
// writes its location: it is an access, recorded in the shadow as a write
// marked entryAtomic, and conflicts with a plain access of another thread
// that no barrier, or fence and atomic (see check_order.go), orders
// before it, as the PTX memory model has it: a data race is two
// conflicting accesses, not both morally strong, that causality does not
// order. Atomics among themselves are morally strong and never conflict.
//
// A hazard names the plain access's kind: a plain write and an atomic
// are a WAW hazard in either order, a plain read then an atomic a WAR, an
// atomic then a plain read a RAW (a read-modify-write, x[i] += v, is
// both a read and a write, as it is against a plain write).
//
// A cell's last write may be an atomic; one after it replaces it, as a
// write does, but keeps in its first reader slot an atomic of another
// thread that no barrier orders before it, so that a later plain access of
// the thread of either still meets the other's: of two such atomics, one
// is always another thread's (as of two readers, see check_shadow.go).
// Readers then take the second slot only. A cell whose last write is an
// atomic leaves the fast path's reads to the full path.

// atomicAccess checks the atomic of thread rank of b at site on the size
// bytes at p, before it happens, against the shadow of shared or global
// memory (and global memory's allocations: an atomic of freed or
// uninitialized memory is reported, as a read would be).
func (bs *blockState) atomicAccess(b *probelink.Block, site *Site, rank int, p unsafe.Pointer, size int) {
	if size <= 0 {
		return
	}
	bs.saw(site)
	bs.touch(b, site, rank, uintptr(p), size, false, nil)
}

// atomicRMW checks an atomic against the state c of one byte (or a whole
// cell) and records it (see the top of the file).
func (x *accessCtx) atomicRMW(c *cell) {
	var kept entry
	switch {
	case c.w.site == 0:
		x.uninit = true
	case !c.w.atomic():
		if x.conflicts(&c.w) {
			x.hazard(waw, &c.w)
		}
	case x.live(&c.w):
		kept = c.w
	}
	for i := range c.r {
		r := &c.r[i]
		switch {
		case !r.atomic():
			if x.conflicts(r) {
				x.hazard(war, r)
			}
		case kept.site == 0 && x.live(r):
			kept = *r
		}
	}
	c.r = [2]entry{kept}
	x.put(&c.w)
	x.keep()
}

// putReader records the current read in a reader slot of c past the
// atomic kept in the first (see atomicRMW): in the second if it holds no
// live reader of another thread.
func (x *accessCtx) putReader(c *cell) {
	if r := &c.r[1]; r.site == 0 || r.block == x.cur.block && r.rank == x.cur.rank || !x.live(r) {
		x.put(r)
	}
}

// accessKind returns how a report names the access e of kind: "Atomic"
// for an atomic.
func accessKind(kind string, e *entry) string {
	if e.atomic() {
		return "Atomic"
	}
	return kind
}
