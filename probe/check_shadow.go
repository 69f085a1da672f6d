package probe

import (
	"unsafe"

	"github.com/gocuda/gocuda/internal/probelink"
)

// This file is racecheck's shadow memory: for every byte a kernel touches,
// the last write and up to two reads of other threads since it, each with
// the barrier counts its thread had passed. Two accesses of different
// threads, at least one a write, are a hazard unless a barrier orders them.
//
// Bytes are shadowed four at a time: a cell holds one state for its four
// bytes while every access covers all of them (the common case, 4- and
// 8-byte elements), and is split into four per-byte states by the first
// access to part of it, so that accesses to different bytes never conflict.
//
// Global memory keeps this state only for the cells that need it: a word
// per cell records the one access of a thread before any barrier, and
// expands into the cell when a second thread or a later access needs more
// (see check_compact.go).
//
// Two readers suffice for every two-thread hazard: a write conflicts with
// a live read of another thread if there is one, and of two distinct live
// readers at least one is not the writer. Readers that a barrier orders
// before the current access can never conflict with a later one (barrier
// counts only grow with time), so they are the first to be replaced.

// An entry is one access in the shadow.
//
// An entry takes 20 bytes, a cell 64: one cache line, which the first
// access to four bytes writes whole. Counts wrap around (a count of warp
// collectives at 2^16, of grid barriers at 2^8): accesses whose counts
// differ by a multiple of that are taken as unordered.
type entry struct {
	site   int32  // Site id + 1; 0: no access; < 0 in a cell's w: split (see cell)
	block  uint32 // linear index of the block (its low 32 bits)
	syncs  uint32 // block barriers its thread had passed
	wsyncs uint16 // warp collectives its thread had passed
	rank   uint16 // thread rank in the block
	epoch  uint16 // fences and observed atomics its thread had passed (see check_order.go)
	gsyncs uint8  // grid barriers its thread had passed
	flags  uint8  // entryVal, entryAtomic
}

// An entry's flags.
const (
	entryVal    = 1 << iota // global memory: a write whose bytes are kept (see sameValue)
	entryAtomic             // an atomic of package atomic (see check_atomic.go)
)

// val reports whether e is a write whose bytes are kept.
func (e *entry) val() bool { return e.flags&entryVal != 0 }

// atomic reports whether e is an atomic.
func (e *entry) atomic() bool { return e.flags&entryAtomic != 0 }

// A cell is the state of four bytes: the last write w and readers r since.
// A split cell has w.site = -(i+1), its bytes' states being splits.at(i).
type cell struct {
	w   entry
	r   [2]entry
	tag uint32 // shared memory: the block generation the state belongs to
}

// splits holds the per-byte states of split cells, with a free list.
type splits struct {
	cells [][4]cell
	free  []int32
}

func (s *splits) alloc() int32 {
	if n := len(s.free); n > 0 {
		i := s.free[n-1]
		s.free = s.free[:n-1]
		return i
	}
	s.cells = append(s.cells, [4]cell{})
	return int32(len(s.cells) - 1)
}

func (s *splits) release(i int32) { s.free = append(s.free, i) }

func (s *splits) reset() {
	s.cells, s.free = s.cells[:0], s.free[:0]
}

// hazardKind is RAW, WAR or WAW.
type hazardKind uint8

const (
	raw hazardKind = iota
	war
	waw
	wawSame // a WAW whose second write stores the bytes the first did (see sameValue)
)

// An accessCtx is one access being checked against the shadow.
type accessCtx struct {
	cur    entry
	gen    uint32 // the cell tag of the current state
	uninit bool   // a byte read had no write before it (shared initcheck)

	// Whether a write stores the bytes the cell's last write did (see
	// sameValue). Shared memory: same. Global memory: the bytes it
	// stores, val (nil but for a Store), and as the cell being applied
	// has them: cv, the cell's kept bytes; cval, the access's; bmask,
	// the bits of the state being applied (a byte's, or the cell's).
	same  bool
	val   unsafe.Pointer
	cv    *uint32
	cval  uint32
	bmask uint32

	// Where the access is, for reports.
	space space
	b     *probelink.Block
	bs    *blockState
	off   int64       // offset in the shared array or allocation
	addr  uintptr     // address
	size  int         // bytes
	alloc *allocation // the mem allocation holding global memory, if any
}

// A seenHazard is a hazard already counted for the current access: a
// hazard with the same earlier access is one hazard however many bytes
// share it. A write-after-write of the same value is held until the
// access's end (see endAccess): another of its bytes may differ.
type seenHazard struct {
	k    hazardKind
	held bool
	e    entry
}

// ordered reports whether a barrier orders the earlier access e, of
// another thread, before the current one. Across blocks a grid barrier
// does. In a block, a block barrier does: e's thread had passed fewer (or
// more, for a thread that exited early) than the current thread has. In a
// warp, a warp collective does: the two threads' counts of collectives
// passed differ, or e's thread has passed one since e. This is an
// approximation: it is exact while the warp's collectives name the whole
// warp, but a collective whose mask leaves some lanes out makes their
// counts differ for good, so that later accesses of lanes on either side
// are taken to be ordered. Anywhere, a fence and atomics can (see
// check_order.go): a spin lock's threads may be of one block.
func (x *accessCtx) ordered(e *entry) bool {
	if e.block != x.cur.block {
		return e.gsyncs != x.cur.gsyncs || x.bs.launch.order.ordered(e, &x.cur)
	}
	return e.syncs != x.cur.syncs ||
		e.rank/32 == x.cur.rank/32 && (e.wsyncs != x.cur.wsyncs || e.wsyncs != uint16(x.b.WarpSyncs[e.rank])) ||
		x.bs.launch.order.ordered(e, &x.cur)
}

// conflicts reports whether e is an access of another thread that no
// barrier orders before the current one. It is on every access's path:
// the commonest cases, no access and accesses of the same thread or of
// another barrier interval of the block, are decided inline.
func (x *accessCtx) conflicts(e *entry) bool {
	if e.site <= 0 || e.block == x.cur.block && (e.rank == x.cur.rank || e.syncs != x.cur.syncs) {
		return false
	}
	return x.unordered(e)
}

// live reports whether no barrier orders the reader e, of another thread,
// before the current access (conflicts, but for fences and atomics).
func (x *accessCtx) live(e *entry) bool {
	if e.site <= 0 || e.block == x.cur.block && (e.rank == x.cur.rank || e.syncs != x.cur.syncs) {
		return false
	}
	if e.block != x.cur.block {
		return e.gsyncs == x.cur.gsyncs
	}
	return e.rank/32 != x.cur.rank/32 || e.wsyncs == x.cur.wsyncs && e.wsyncs == uint16(x.b.WarpSyncs[e.rank])
}

// unordered is conflicts past its inline cases.
func (x *accessCtx) unordered(e *entry) bool {
	if e.block == x.cur.block && e.rank/32 != x.cur.rank/32 {
		return !x.bs.launch.order.ordered(e, &x.cur) // only atomics order other warps in a barrier interval
	}
	return !x.ordered(e)
}

func (x *accessCtx) hazard(k hazardKind, e *entry) {
	bs := x.bs
	for i := range bs.nseen {
		s := &bs.seen[i]
		switch {
		case s.e != *e:
		case s.k == k || s.k == waw && k == wawSame:
			return
		case s.k == wawSame && k == waw && s.held:
			s.k, s.held = waw, false // a byte of another value
			bs.hazard(waw, e, x)
			return
		}
	}
	held := false
	if bs.nseen < len(bs.seen) {
		held = k == wawSame
		bs.seen[bs.nseen] = seenHazard{k, held, *e}
		bs.nseen++
	}
	if !held {
		bs.hazard(k, e, x)
	}
}

// endAccess counts the access's held hazards: write-after-writes whose
// every byte was of the same value.
func (x *accessCtx) endAccess() {
	bs := x.bs
	for i := range bs.nseen {
		if s := &bs.seen[i]; s.held {
			s.held = false
			bs.hazard(wawSame, &s.e, x)
		}
	}
}

// read checks a read against the state c of one byte (or a whole cell) and
// records it.
func (x *accessCtx) read(c *cell) {
	if c.w.site == 0 {
		x.uninit = true
	} else if x.conflicts(&c.w) {
		x.hazard(raw, &c.w)
	}
	if c.r[0].atomic() { // an atomic kept with the last (see atomicRMW)
		if x.conflicts(&c.r[0]) {
			x.hazard(raw, &c.r[0])
		}
		x.putReader(c)
		return
	}
	for i := range c.r {
		if r := &c.r[i]; r.site == 0 || r.block == x.cur.block && r.rank == x.cur.rank {
			x.put(r)
			return
		}
	}
	if covers(&c.r[0], &c.r[1], &x.cur, x.b.WarpSyncs) {
		return
	}
	// Replace a stale reader: ordered before this access, so before any
	// later one. With two live readers of other threads, keeping either
	// one and this one leaves two distinct threads.
	// Staleness is judged by barriers alone: a search of the atomics'
	// ordering for two reads that cannot race would cost more than the
	// access (every thread reading a spin lock's handle, say).
	slot := 0
	if x.live(&c.r[0]) && !x.live(&c.r[1]) {
		slot = 1
	}
	x.put(&c.r[slot])
}

// covers reports whether the readers r0 and r1 of a cell, of threads
// other than cur's, conflict with every later write that the read cur
// would conflict with, so that cur need not be recorded: a broadcast read
// (every thread of a block reading one tile element, of a launch one
// input) then leaves the cell as it is. warps are the counts of warp
// collectives of cur's block, by thread.
//
// They do if they are of two blocks (a writer is in at most one of them,
// and no barrier of its block orders the other's read), or of cur's block
// and barrier interval and either of two warps (a writer in that
// interval is in another warp than one of them; a later one is ordered
// after cur too) or of cur's warp at cur's count of collectives, not
// passed since (while the warp's collectives name the whole warp: see
// ordered). The grid barriers passed must be cur's, and no fence may have
// been made: a fence and atomic could order their reads and not cur. An
// atomic kept as a reader covers nothing: a later atomic meets cur only.
func covers(r0, r1, cur *entry, warps []uint32) bool {
	if r0.gsyncs != cur.gsyncs || r1.gsyncs != cur.gsyncs || r0.epoch|r1.epoch|cur.epoch != 0 || r0.atomic() {
		return false
	}
	if r0.block != r1.block {
		return true
	}
	if r0.block != cur.block || r0.syncs != cur.syncs || r1.syncs != cur.syncs {
		return false
	}
	warp := cur.rank / 32
	return r0.rank/32 != r1.rank/32 || r0.rank/32 == warp && r1.rank/32 == warp &&
		r0.wsyncs == cur.wsyncs && r1.wsyncs == cur.wsyncs &&
		uint16(warps[r0.rank]) == cur.wsyncs && uint16(warps[r1.rank]) == cur.wsyncs
}

// write checks a write against the state c and records it.
func (x *accessCtx) write(c *cell) {
	if x.conflicts(&c.w) {
		k := waw
		if x.sameValue(&c.w) {
			k = wawSame
		}
		x.hazard(k, &c.w)
	}
	for i := range c.r {
		if r := &c.r[i]; x.conflicts(r) {
			k := war
			if r.atomic() {
				k = waw // an atomic kept as a reader (see atomicRMW) writes
			}
			x.hazard(k, r)
		}
	}
	c.r = [2]entry{}
	x.put(&c.w)
	x.keep()
}

// sameValue reports whether the current write stores the bytes the
// state's last write w stored. In shared memory those are the bytes
// there before the store: a block's threads run on one goroutine, each
// storing just after its check. Global memory's blocks run in parallel:
// a block may check before another's store lands and record after it,
// so each write's bytes are kept with it, and compared.
func (x *accessCtx) sameValue(w *entry) bool {
	if x.cv == nil {
		return x.same
	}
	return x.cur.val() && w.val() && (*x.cv^x.cval)&x.bmask == 0
}

// keep records the current write's bytes as the state's (global memory).
func (x *accessCtx) keep() {
	if x.cv != nil {
		*x.cv = *x.cv&^x.bmask | x.cval&x.bmask
	}
}

// at readies x for a cell of global memory whose kept bytes are *cv, in
// which the access stores v.
func (x *accessCtx) at(cv *uint32, v uint32) {
	x.cv, x.cval, x.bmask = cv, v, ^uint32(0)
}

// valueAt returns the bytes a Store stores in the cell at a, 0 where it
// stores none; 0 for other accesses.
func (x *accessCtx) valueAt(a uintptr) uint32 {
	if x.val == nil {
		return 0
	}
	end := x.addr + uintptr(x.size)
	if a >= x.addr && a+4 <= end {
		return *(*uint32)(unsafe.Add(x.val, a-x.addr))
	}
	var v uint32
	for j := range uintptr(4) {
		if a+j >= x.addr && a+j < end {
			v |= uint32(*(*uint8)(unsafe.Add(x.val, a+j-x.addr))) << (8 * j)
		}
	}
	return v
}

// apply checks and records an access of kind k to the bytes of c in mask m
// (bit i: byte i of the cell).
func (x *accessCtx) apply(c *cell, m uint8, k Kind, sp *splits) {
	if c.tag != x.gen {
		// The first access since the state was emptied: nothing to check.
		if m == 0xf {
			x.first(c, k)
			return
		}
		*c = cell{tag: x.gen}
	}
	if c.w.site >= 0 {
		if m == 0xf {
			x.one(c, k)
			return
		}
		i := sp.alloc()
		sp.cells[i] = [4]cell{*c, *c, *c, *c}
		c.w.site = -(i + 1)
	}
	i := -c.w.site - 1
	bytes := &sp.cells[i]
	for j := range bytes {
		if m&(1<<j) != 0 {
			x.bmask = 0xff << (8 * j)
			x.one(&bytes[j], k)
		}
	}
	x.bmask = ^uint32(0)
	if m == 0xf && k != Read {
		// Every byte now has this write as its last access: one state again.
		*c = cell{w: x.cur, tag: x.gen}
		sp.release(i)
	}
}

// first records an access of kind k to the whole of c, whose state is
// empty (or stale): it writes the cell without reading it.
func (x *accessCtx) first(c *cell, k Kind) {
	*c = cell{tag: x.gen}
	if k == Read {
		x.put(&c.r[0])
		x.uninit = true
		return
	}
	x.put(&c.w)
	x.keep()
	x.uninit = x.uninit || k != Write
}

// put stores the current access in e. It copies x.cur as the words
// fillEntry wrote it in: the compiler would otherwise merge field copies
// into loads that straddle those stores, which the CPU cannot forward
// and waits for.
func (x *accessCtx) put(e *entry) {
	from, to := entryWords(&x.cur), entryWords(e)
	to.a, to.b, to.c = from.a, from.b, from.c
}

// entryWords is an entry's memory as three words, in entry's field
// order on a little-endian machine: site and block; syncs, wsyncs and
// rank; epoch, gsyncs and val.
type words struct {
	a, b uint64
	c    uint32
}

func entryWords(e *entry) *words { return (*words)(unsafe.Pointer(e)) }

func (x *accessCtx) one(c *cell, k Kind) {
	switch k {
	case Read:
		x.read(c)
	case Write:
		x.write(c)
	case AtomicOp:
		x.atomicRMW(c)
	default:
		x.read(c)
		x.write(c)
	}
}

// span applies an access of size bytes at p to cells, the shadow of the
// memory from the 4-byte-aligned address base4.
func (x *accessCtx) span(cells []cell, base4, p uintptr, size int, k Kind, sp *splits) {
	end := p + uintptr(size)
	for a := p &^ 3; a < end; a += 4 {
		x.apply(&cells[(a-base4)/4], byteMask(a, p, end), k, sp)
	}
}
