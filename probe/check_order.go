package probe

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// Ordering between the threads of a launch by fences and atomics, after
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
// releases cover. Two accesses of different threads conflict only if
// neither is so ordered before the other: of different blocks, or of one
// block (a spin lock taken in turn by its threads, between barriers).
// A spin's repeated atomics log nothing new (see release.repeats).
//
// All this is only consulted for accesses that would otherwise conflict,
// and only once some release has happened in the launch: kernels without
// fences pay one atomic load for it.

// An ordering is a launch's releases and acquisitions.
type ordering struct {
	released atomic.Bool // some release has happened
	atomics  atomic.Bool // some atomic on global memory has happened

	mu    sync.Mutex
	locs  map[uintptr]*atomicLoc
	acqs  map[uint32][]acquisition // by block (linear index, low 32 bits)
	query uint64                   // the number of searches made (see before)
	next  []*acquisition           // a search's frontier, kept for its room
	// The latest release by thread (block<<16 | rank): the epoch it
	// covers up to (past its own atomic's), and by block the barriers:
	// an access no release covers is ordered before nothing (see before).
	relEpoch map[uint64]uint16
	relSyncs map[uint32]uint32
}

// An atomicLoc is the log of releases on one atomic location.
type atomicLoc struct {
	log      []release
	byBlock  map[uint32][]int32 // positions in log, by releasing block
	inherits bool               // some release carries acquisitions

	// For the search of query (see before): the position in log of
	// the first release covering its access (len(log) if none), and how
	// far into log its releases' acquisitions have been followed.
	query   uint64
	cover   int
	scanned int
}

// A release is a fence followed by an atomic.
type release struct {
	block uint32
	rank  uint16
	epoch uint16 // accesses of rank with an earlier epoch are covered
	syncs uint32 // accesses of the block before this many barriers are covered
	// self is the epoch of the release's own atomic: rank's atomics of
	// that epoch are covered too, so that a thread that observes the
	// release may go on to access the location plainly (the last block
	// of threadFenceReduction resetting its counter).
	self uint16
	// inherits are the acquisitions the releasing thread had made (or
	// its block had, before a barrier it passed) when it fenced.
	inherits []acquisition
	nacqs    int // the block's acquisitions when it was made
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

// covered reports whether a release of loc before the n-th covers the
// access e of search q, finding the first one once per search.
func (l *atomicLoc) covered(e *entry, n int, q uint64) bool {
	if l.query != q {
		l.query, l.scanned, l.cover = q, 0, len(l.log)
		for _, i := range l.byBlock[e.block] {
			if r := &l.log[i]; r.rank == e.rank && (e.epoch < r.epoch || e.atomic() && e.epoch == r.self) || e.syncs < r.syncs {
				l.cover = int(i)
				break
			}
		}
	}
	return l.cover < n
}

// maxInherit bounds the chains of blocks followed through acquisitions.
const maxInherit = 8

// ordered reports whether atomics order the accesses e and x, of
// different threads, one way or the other. It is inlined: kernels without
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
// block, directly or through the acquisitions that releases it observed
// carry (at most maxInherit deep). The search goes breadth first, and
// follows each location's releases once, so that its cost is bounded by
// the releases logged however they chain (a spin lock passed from block
// to block chains every one). o.mu is held.
func (o *ordering) before(e, x *entry) bool {
	if o.relEpoch[uint64(e.block)<<16|uint64(e.rank)] <= e.epoch && o.relSyncs[e.block] <= e.syncs {
		return false // no release covers e (the current access, often)
	}
	o.query++
	q := o.query
	frontier := o.next[:0]
	acqs := o.acqs[x.block]
	for i := range acqs {
		if a := &acqs[i]; a.follows(x) {
			if a.loc.covered(e, a.n, q) {
				return true
			}
			frontier = append(frontier, a)
		}
	}
	for depth := 0; depth < maxInherit && len(frontier) > 0; depth++ {
		next := frontier[len(frontier):]
		for _, a := range frontier {
			l := a.loc
			if !l.inherits || l.scanned >= a.n {
				continue
			}
			for _, r := range l.log[l.scanned:a.n] {
				for j := range r.inherits {
					b := &r.inherits[j]
					if b.loc.covered(e, b.n, q) {
						o.next = frontier[:0]
						return true
					}
					next = append(next, b)
				}
			}
			l.scanned = a.n
		}
		frontier = append(frontier[:0], next...)
	}
	o.next = frontier[:0]
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
		bs.atomicAccess(b, site, rank, p, size)
		return // the block's own memory: barriers order it
	}
	// Fenced or not, an atomic is where blocks meet in time: a block that
	// sees its value runs on after it. The block's runs of writes reach
	// the shadow first, so that such a block's later reads are checked
	// after them, as they happened (see check_run.go).
	bs.flushWrites()
	bs.atomicAccess(b, site, rank, p, size)
	bs.pending[rank] = uintptr(p)
	o := &bs.launch.order
	o.atomics.Store(true)
	if bs.fenceEpoch[rank] == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	r := release{block: uint32(b.Index), rank: uint16(rank), epoch: bs.fenceEpoch[rank], syncs: bs.fenceSyncs[rank],
		self: bs.epoch[rank]}
	acqs := o.acqs[r.block]
	r.nacqs = len(acqs)
	loc := o.loc(uintptr(p))
	if mine := loc.byBlock[r.block]; len(mine) > 0 && loc.log[mine[len(mine)-1]].repeats(&r) {
		return // a spin lock's atomic again: the release is logged
	}
	fenced := entry{rank: uint16(rank), epoch: bs.fenceEpoch[rank] - 1, syncs: bs.fenceSyncs[rank]}
	for _, a := range acqs {
		if a.follows(&fenced) {
			r.inherits = append(r.inherits, a)
		}
	}
	o.publish(loc, r)
}

// publish appends the release r to the log of loc. o.mu is held.
func (o *ordering) publish(loc *atomicLoc, r release) {
	if loc.byBlock == nil {
		loc.byBlock = map[uint32][]int32{}
	}
	if o.relEpoch == nil {
		o.relEpoch, o.relSyncs = map[uint64]uint16{}, map[uint32]uint32{}
	}
	key := uint64(r.block)<<16 | uint64(r.rank)
	o.relEpoch[key] = max(o.relEpoch[key], r.epoch, r.self+1)
	o.relSyncs[r.block] = max(o.relSyncs[r.block], r.syncs)
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
	block := uint32(b.Index)
	acqs := o.acqs[block]
	if n := len(acqs); n > 0 && acqs[n-1].rank == uint16(rank) && acqs[n-1].loc == loc && acqs[n-1].n == len(loc.log) &&
		acqs[n-1].syncs == b.Syncs[rank] {
		return // it observes nothing new: a spin lock's atomic again
	}
	bs.flushRuns()
	bs.epoch[rank]++
	bs.epochs, bs.slowGlobal, bs.marked = true, true, true
	if o.acqs == nil {
		o.acqs = map[uint32][]acquisition{}
	}
	o.acqs[block] = append(o.acqs[block], acquisition{rank: uint16(rank), epoch: bs.epoch[rank], syncs: b.Syncs[rank],
		loc: loc, n: len(loc.log)})
}

// repeats reports whether r, of the same block and location as the
// release q, covers and carries nothing more: q's thread made both with no
// fence, barrier or acquisition of its block between them.
func (q *release) repeats(r *release) bool {
	return q.rank == r.rank && q.epoch == r.epoch && q.self == r.self && q.syncs == r.syncs && q.nacqs == r.nacqs
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
