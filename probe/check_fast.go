package probe

import "github.com/gocuda/gocuda/gocuda"

// The checker's fast path: a 4-byte access to global memory by a thread
// that has passed no barrier, collective or fence in its block, that
// memcheck and initcheck have nothing to say of, and that the word of the
// compact shadow can record (see check_compact.go): a copy's or a map's
// accesses, and most of any barrier-free kernel's. Index and Store try it
// first; the full path, checker.touch, takes the rest.

// fast checks the 4-byte access at p by t at site in the fast path's
// case; same reports that a write stores the bytes already there. It
// reports whether it did: if not, it has changed nothing, and the caller
// goes the full way.
func (c *checker) fast(t *gocuda.Thread, site *Site, p uintptr, same bool) bool {
	if p&3 != 0 || t == nil || uint32(site.id) >= 1<<siteBits {
		return false
	}
	b := engine.BlockOf(t)
	bs, ok := b.State.(*blockState)
	if !ok || b.Synced || bs.epochs {
		return false
	}
	if len(b.Shared) > 0 || b.Dynamic.Size > 0 {
		if _, _, shared := sharedRange(b, p, 4); shared {
			return false
		}
	}
	var a *allocation
	if c.allocs.table.Load() != nil {
		if a = bs.allocAt(p); a != nil && !a.plain(p, site.Kind) {
			return false
		}
	}
	rank := t.ThreadRank()
	cw := compactBit | uint64(rank)<<rankShift | uint64(uint32(b.Index))<<blockShift | uint64(site.id)
	key := p >> pageShift
	pg := bs.sitePages[uint32(site.id)%uint32(len(bs.sitePages))]
	if pg.key1 != key+1 {
		pg = bs.pageAt(site, key)
	}
	// compactAccess, by hand: the compiler does not inline it.
	w := &pg.pg.words[p&(pageBytes-1)/4]
	old := w.Load()
	if old != 0 && (old&compactBit == 0 || (old^cw)&threadMask != 0 || old&writeBit != 0 && site.Kind == Read) {
		return false
	}
	if nw := compactWord(cw, site.Kind, same); rank >= 1<<10 || old != nw && !w.CompareAndSwap(old, nw) {
		return false
	}
	bs.saw(site)
	bs.worked[rank]++
	if a != nil && site.Kind != Read {
		a.setInit(int(p-a.base), 4)
	}
	return true
}

// plain reports whether memcheck and initcheck have nothing to say of an
// access of kind k to the 4 bytes at p, in a.
func (a *allocation) plain(p uintptr, k Kind) bool {
	off := int(p - a.base)
	return !a.freed.Load() && off+4 <= a.size && (k == Write || a.isInit(off, 4))
}

// A sitePage caches, for the sites of one slot, the page last accessed.
type sitePage struct {
	key1 uintptr // key + 1; 0: empty
	pg   *page
}

// pageAt returns the page of key, and caches it as the page site's slot
// accessed last: a site walks through one array, as a rule.
func (bs *blockState) pageAt(site *Site, key uintptr) sitePage {
	sp := &bs.sitePages[uint32(site.id)%uint32(len(bs.sitePages))]
	sp.key1, sp.pg = key+1, bs.pageOf(key)
	return *sp
}
