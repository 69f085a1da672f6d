package probe

import (
	"sync"
	"sync/atomic"

	"github.com/gocuda/gocuda/internal/probelink"
)

// A sharedShadow is the racecheck and initcheck state of one shared-memory
// array of the block an executor runs. Only that executor's goroutine
// touches it, so it needs no lock. Its cells are tagged with the block's
// generation, unique in the process: starting a block makes every older
// state empty without clearing it, and shadows are pooled across launches
// as they are.
type sharedShadow struct {
	cells []cell
	cover []uint64 // per cell, the reads it covers (see intervalKey, warpKey), or 0
	sp    splits
}

var (
	sharedPool = sync.Pool{New: func() any { return new(sharedShadow) }}
	sharedGen  atomic.Uint32 // the last block generation handed out
)

// nextGen returns a new block generation (never 0, the tag of fresh cells).
func nextGen() uint32 {
	for {
		if g := sharedGen.Add(1); g != 0 {
			return g
		}
	}
}

// releaseShared returns the executor's shared shadows to the pool.
func (bs *blockState) releaseShared() {
	for _, s := range bs.shared {
		if s != nil {
			s.sp.reset()
			sharedPool.Put(s)
		}
	}
	bs.shared = nil
}

// shadowFor returns the shadow of the shared array r (the k-th of the
// block, or its dynamic shared memory for k < 0), sized for r.
func (bs *blockState) shadowFor(k int, r probelink.Range) *sharedShadow {
	k++ // bs.shared[0] is the dynamic shared memory's
	if k < len(bs.shared) {
		// Sized at the block's first access, as a rule.
		if s := bs.shared[k]; s != nil && len(s.cells) >= cellsOf(r.Base, r.Size) {
			return s
		}
	}
	for len(bs.shared) <= k {
		bs.shared = append(bs.shared, nil)
	}
	s := bs.shared[k]
	if s == nil {
		s = sharedPool.Get().(*sharedShadow)
		bs.shared[k] = s
	}
	if n := cellsOf(r.Base, r.Size); len(s.cells) < n {
		s.cells = append(s.cells, make([]cell, n-len(s.cells))...)
		s.cover = append(s.cover, make([]uint64, n-len(s.cover))...)
	}
	return s
}

// cellsOf returns how many cells shadow size bytes at base.
func cellsOf(base uintptr, size int) int {
	return int(((base+uintptr(size)+3)&^3 - base&^3) / 4)
}

// sharedRange finds the shared array holding [p, p+size): its index k in
// b.Shared (-1 for the dynamic shared memory) and range.
func sharedRange(b *probelink.Block, p uintptr, size int) (k int, r probelink.Range, ok bool) {
	if b.Dynamic.Size > 0 && b.Dynamic.Contains(p, 1) {
		return -1, b.Dynamic, true
	}
	for k, r := range b.Shared {
		if r.Contains(p, 1) {
			return k, r, true
		}
	}
	return 0, probelink.Range{}, false
}

// sharedAccess checks an access of size bytes at p, in the shared array r
// (index k), by the thread of x.cur.
func (bs *blockState) sharedAccess(x *accessCtx, site *Site, k int, r probelink.Range, p uintptr, size int) {
	s := bs.shadowFor(k, r)
	if end := r.Base + uintptr(r.Size); p+uintptr(size) > end {
		size = int(end - p) // the rest lies outside the array: Go's bounds checks catch it
	}
	x.gen, x.bs, x.space, x.off, x.addr, x.size = bs.gen, bs, spaceShared, int64(p-r.Base), p, size
	// The access may change readers the cover words rely on.
	clear(s.cover[int(p-r.Base&^3)/4 : cellsOf(r.Base, int(p+uintptr(size)-r.Base))])
	if (p|uintptr(size))&3 == 0 {
		// Whole cells (4- and 8-byte elements): without span's masks.
		for i := int(p-r.Base&^3) / 4; size > 0; i, size = i+1, size-4 {
			x.apply(&s.cells[i], 0xf, site.Kind, &s.sp)
		}
	} else {
		x.span(s.cells, r.Base&^3, p, size, site.Kind, &s.sp)
	}
	x.endAccess()
	if x.uninit && site.Kind != Write {
		bs.uninit(site, x)
	}
}
