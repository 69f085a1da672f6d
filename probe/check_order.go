package probe

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// Ordering between the blocks of a launch by fences and atomics, after
// the PTX memory model's release and acquire patterns (a fence then an
// atomic; an atomic observing it) and BARRACUDA's reading of them.
//
// Each thread counts its fences and the atomics it observes: its epoch,
// which every shadow entry records. A device-wide fence followed by an
// atomic on global memory is a release, appended to that location's log:
// it covers the thread's accesses of earlier epochs than the fence, and
// its block's accesses before a barrier the thread had passed when it
// fenced (a fence is cumulative: it orders what the thread has observed),
// and what the thread had itself acquired by then. An atomic on a
// location is an acquisition of the releases already in its log (every
// atomic of package atomic reads and writes: a later one observes the
// earlier ones, as a release sequence's read-modify-writes do): its
// thread's accesses of later epochs, and its block's accesses after a
// barrier it had not yet passed, are ordered after everything those
// releases cover. Two accesses of different blocks conflict only if
// neither is so ordered before the other.
//
// All this is only consulted for accesses of different blocks that would
// otherwise conflict, and only once some release has happened in the
// launch: kernels without fences pay one atomic load for it.

// An ordering is a launch's releases and acquisitions.
type ordering struct {
	released atomic.Bool // some release has happened
	atomics  atomic.Bool // some atomic on global memory has happened

	mu   sync.Mutex
	locs map[uintptr]*atomicLoc
	acqs map[uint32][]acquisition // by block (linear index, low 32 bits)
}

// An atomicLoc is the log of releases on one atomic location.
type atomicLoc struct {
	log      []release
	byBlock  map[uint32][]int32 // positions in log, by releasing block
	inherits bool               // some release carries acquisitions
}

// A release is a fence followed by an atomic.
type release struct {
	block uint32
	rank  uint16
	epoch uint16 // accesses of rank with an earlier epoch are covered
	syncs uint32 // accesses of the block before this many barriers are covered
	// inherits are the acquisitions the releasing thread had made (or
	// its block had, before a barrier it passed) when it fenced.
	inherits []acquisition
}

// An acquisition is an atomic observing the first n releases of loc.
type acquisition struct {
	rank  uint16
	epoch uint16 // the acquirer's accesses of this epoch on follow it
	syncs uint32 // accesses of its block past more barriers than this follow it
	loc   *atomicLoc
	n     int
}

// follows reports whether the access x of the acquirer's block comes
// after acquisition a.
func (a *acquisition) follows(x *entry) bool {
	return a.rank == x.rank && x.epoch >= a.epoch || x.syncs > a.syncs
}

// covers reports whether the releases a observed cover the access e;
// depth bounds the chains of inherited acquisitions followed.
func (a *acquisition) covers(e *entry, depth int) bool {
	for _, i := range a.loc.byBlock[e.block] {
		if int(i) >= a.n {
			break
		}
		r := &a.loc.log[i]
		if r.rank == e.rank && e.epoch < r.epoch || e.syncs < r.syncs {
			return true
		}
	}
	if !a.loc.inherits || depth == 0 {
		return false
	}
	for _, r := range a.loc.log[:a.n] {
		for i := range r.inherits {
			if r.inherits[i].covers(e, depth-1) {
				return true
			}
		}
	}
	return false
}

// maxInherit bounds the chains of blocks followed through acquisitions.
const maxInherit = 8

// ordered reports whether atomics order the accesses e and x, of
// different blocks, one way or the other. It is inlined: kernels without
// fences pay one atomic load.
func (o *ordering) ordered(e, x *entry) bool {
	return o.released.Load() && o.orderedLocked(e, x)
}

// orderedLocked is ordered once some release has happened.
func (o *ordering) orderedLocked(e, x *entry) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.before(e, x) || o.before(x, e)
}

// before reports whether e is ordered before x by an acquisition of x's
// block. o.mu is held.
func (o *ordering) before(e, x *entry) bool {
	acqs := o.acqs[x.block]
	for i := range acqs {
		if acqs[i].follows(x) && acqs[i].covers(e, maxInherit) {
			return true
		}
	}
	return false
}

// fence records a device-wide fence by t.
// loop implements recorder: loops are not checked.
func (c *checker) loop(*gocuda.Thread, *Site) {}

func (c *checker) fence(t *gocuda.Thread, site *Site) {
	b, bs, rank, ok := enter(t, site)
	if !ok {
		return
	}
	bs.flushRuns() // the accesses the fence orders reach the shadow before any release
	bs.epoch[rank]++
	bs.epochs, bs.slowGlobal, bs.marked = true, true, true
	bs.fenceEpoch[rank] = bs.epoch[rank]
	bs.fenceSyncs[rank] = b.Syncs[rank]
}

// atomic records t's atomic on the size bytes at p, before it happens: a
// release if t has fenced.
func (c *checker) atomic(t *gocuda.Thread, site *Site, p unsafe.Pointer, size int) {
	b, bs, rank, ok := enter(t, site)
	if !ok {
		return
	}
	bs.pending[rank] = 0
	bs.marked = true
	if _, _, shared := sharedRange(b, uintptr(p), size); shared {
		return // the block's own memory: barriers order it
	}
	bs.pending[rank] = uintptr(p)
	o := &bs.launch.order
	o.atomics.Store(true)
	if bs.fenceEpoch[rank] == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	r := release{block: uint32(b.Index), rank: uint16(rank), epoch: bs.fenceEpoch[rank], syncs: bs.fenceSyncs[rank]}
	fenced := entry{rank: uint16(rank), epoch: bs.fenceEpoch[rank] - 1, syncs: bs.fenceSyncs[rank]}
	for _, a := range o.acqs[r.block] {
		if a.follows(&fenced) {
			r.inherits = append(r.inherits, a)
		}
	}
	loc := o.loc(uintptr(p))
	if loc.byBlock == nil {
		loc.byBlock = map[uint32][]int32{}
	}
	loc.byBlock[r.block] = append(loc.byBlock[r.block], int32(len(loc.log)))
	loc.inherits = loc.inherits || len(r.inherits) > 0
	loc.log = append(loc.log, r)
	o.released.Store(true)
}

// observed records that t's atomic has happened: it acquires the releases
// logged at its location so far.
func (c *checker) observed(t *gocuda.Thread, site *Site) {
	b, bs, rank, ok := enter(t, site)
	if !ok {
		return
	}
	p := bs.pending[rank]
	bs.pending[rank] = 0
	o := &bs.launch.order
	if p == 0 || !o.released.Load() {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	loc := o.locs[p]
	if loc == nil || len(loc.log) == 0 {
		return
	}
	bs.flushRuns()
	bs.epoch[rank]++
	bs.epochs, bs.slowGlobal, bs.marked = true, true, true
	block := uint32(b.Index)
	if o.acqs == nil {
		o.acqs = map[uint32][]acquisition{}
	}
	o.acqs[block] = append(o.acqs[block], acquisition{rank: uint16(rank), epoch: bs.epoch[rank], syncs: b.Syncs[rank],
		loc: loc, n: len(loc.log)})
}

// loc returns the log of the atomic location p, creating it. o.mu is held.
func (o *ordering) loc(p uintptr) *atomicLoc {
	l := o.locs[p]
	if l == nil {
		if o.locs == nil {
			o.locs = map[uintptr]*atomicLoc{}
		}
		l = &atomicLoc{}
		o.locs[p] = l
	}
	return l
}
