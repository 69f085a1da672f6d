package probe

import (
	"runtime"
	"sync"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

// A launchState is the checker's state of one launch (probelink.Launch's
// State).
type launchState struct {
	c      *checker
	l      *probelink.Launch
	global globalShadow
	order  ordering

	mu     sync.Mutex
	blocks []*blockState     // every executor's state for this launch
	failed map[[2]int64]bool // (block, rank) of threads whose fatal access memcheck reported
	found  findings          // findings of the launch's end
}

// A blockState is the checker's state of one executor in one launch
// (probelink.Block's State): the block it runs, its shared memory's shadow
// and the findings of its blocks. Only the executor's goroutine touches it
// until the launch ends.
type blockState struct {
	launch *launchState
	b      *probelink.Block
	gen    uint32 // the current block's generation, tagging shared shadow
	idx    [3]int // the current block's BlockIdx

	// first is the first site an instrumented call named in the launch's
	// blocks on this executor, in the block of linear index firstBlock:
	// the kernel's name is its function's. Most accesses read it: it
	// shares a cache line with the fields above and the caches below.
	first      *Site
	firstBlock int64

	allocs    *[]*allocation // the table alloc and the gap were found in
	alloc     *allocation    // the last allocation accessed
	gapLo     uintptr        // [gapLo, gapHi): the last gap between allocations accessed
	gapHi     uintptr
	pages     *pageSlots   // by page (see slotOf), from slotsPool
	sitePages [16]siteSlot // by site: the fast path's, before pages
	runs      []*pageSlot  // the slots holding the block's runs (see check_run.go)
	// siteShared caches by site the shared arrays of the current block
	// (see sharedOf).
	siteShared [16]sharedSlot
	nseen      int
	seen       [4]seenHazard   // the hazards of the current access, nseen of them
	shared     []*sharedShadow // the dynamic shared memory's, then b.Shared's

	// synccheck: per thread, the site of its last barrier or collective;
	// per barrier round, its first arrival.
	lastSite []int32
	rounds   []round
	// worked counts, per thread, the memory accesses, barriers and
	// collectives since its last branch (b.Work is the same slice): a
	// thread that skips a barrier and exits with none (if i >= n
	// { return }) holds no barrier up, as on Volta and later, and is not
	// divergent.
	worked []int32

	// Fences and atomics (see check_order.go), per thread: its epoch, the
	// epoch and barrier count of its last fence, and the global address
	// of the atomic it is about to run (0 if none).
	epoch, fenceEpoch []uint16
	fenceSyncs        []uint32
	pending           []uintptr
	epochs            bool // some thread's epoch is not 0
	// slowGlobal keeps global accesses off the fast path: some thread
	// has an epoch, or the block's index needs more than blockBits bits.
	slowGlobal bool

	// marked is set once a barrier, collective, fence or atomic of the
	// block has changed lastSite, rounds or the per-thread state of
	// fences and atomics, which the next block then resets.
	marked bool

	found findings

	// owned holds the thread-own arrays sliced in the launch's blocks on
	// this executor (see Own): alive, their addresses are no other's.
	owned []unsafe.Pointer
}

// A round is the first arrival at one block barrier.
type round struct {
	site int32 // -1: a barrier the instrumentation did not see
	rank int32
}

// LaunchStart readies the checker's state for l.
func (c *checker) LaunchStart(l *probelink.Launch) {
	// The findings of the launch's end come after its blocks' findings in
	// the same block: their sequence numbers start high.
	l.State = &launchState{c: c, l: l, failed: map[[2]int64]bool{}, found: findings{seq: 1 << 30}}
	c.unprobed(l)
}

// LaunchEnd reports what l's failure says (memcheck, synccheck) and every
// finding of its blocks, folded.
func (c *checker) LaunchEnd(l *probelink.Launch, err error) {
	ls, ok := l.State.(*launchState)
	if !ok {
		return
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.launchError(err)
	for _, bs := range ls.blocks {
		bs.flushRuns() // a block that failed did not end
		ls.found.merge(&bs.found)
		bs.releaseShared()
		bs.releaseSlots()
		bs.owned = nil
	}
	ls.global.release()
	kernel := ls.kernel()
	for _, r := range ls.found.reports() {
		r.Kernel = kernel
		out.write(record.Record{Report: r})
	}
}

// kernel names the launch's kernel: after its own function's Kernel
// entry (see kernelAt), else after the kernel holding the first site that
// the block of lowest index reached (a launch through a wrapper the
// rewriting does not see, such as gocudatest's orders), else after the
// runtime's name for its function; never after a closure.
func (ls *launchState) kernel() string {
	if name := kernelAt(ls.l.Entry()); name != "" {
		return name
	}
	var first *blockState
	for _, bs := range ls.blocks {
		if bs.first != nil && (first == nil || bs.firstBlock < first.firstBlock) {
			first = bs
		}
	}
	if first != nil {
		return first.first.kernel
	}
	if f := runtime.FuncForPC(ls.l.Entry()); ls.l.Entry() != 0 && f != nil {
		return record.FuncName(shortFunc(f.Name()))
	}
	return ""
}

// saw notes the first site of the executor's blocks that lies in a
// kernel (not in a helper). Every access but a run's extension calls it
// (see touch): the run's start, before it in the block, did.
func (bs *blockState) saw(site *Site) {
	if bs.first == nil && site.kernel != "" {
		bs.first, bs.firstBlock = site, bs.b.Index
	}
}

// BlockStart readies the executor's state for b.
func (c *checker) BlockStart(b *probelink.Block) {
	ls, ok := b.Launch.State.(*launchState)
	if !ok {
		b.Fast, b.Work = nil, nil // a launch the checker did not see start: its accesses are not checked
		return
	}
	bs, ok := b.State.(*blockState)
	if !ok || bs.launch != ls {
		bs = &blockState{launch: ls}
		ls.mu.Lock()
		ls.blocks = append(ls.blocks, bs)
		ls.mu.Unlock()
		b.State, b.Fast = bs, unsafe.Pointer(bs)
	}
	bs.begin(b)
}

// BlockEnd checks that b's threads passed the same number of barriers.
func (c *checker) BlockEnd(b *probelink.Block) {
	if bs, ok := b.State.(*blockState); ok {
		bs.flushRuns()
		bs.divergence()
	}
}

func (bs *blockState) begin(b *probelink.Block) {
	bs.flushRuns() // of a block that failed, which did not end
	bs.b, bs.idx = b, b.Idx
	bs.gen = nextGen()
	bs.siteShared = [len(bs.siteShared)]sharedSlot{}
	for _, s := range bs.shared {
		if s != nil {
			s.sp.reset()
		}
	}
	n := b.Launch.Threads
	bs.worked = resized(bs.worked, n)
	b.Work = bs.worked
	if bs.marked || len(bs.lastSite) != n {
		if cap(bs.lastSite) < n {
			bs.lastSite = make([]int32, n)
		}
		bs.lastSite = bs.lastSite[:n]
		for i := range bs.lastSite {
			bs.lastSite[i] = -1
		}
		bs.epoch = resized(bs.epoch, n)
		bs.fenceEpoch = resized(bs.fenceEpoch, n)
		bs.fenceSyncs = resized(bs.fenceSyncs, n)
		bs.pending = resized(bs.pending, n)
		bs.rounds = bs.rounds[:0]
	}
	bs.marked, bs.epochs = false, false
	bs.slowGlobal = b.Index >= 1<<blockBits
}

// resized returns s with length n, zeroed.
func resized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// stateOf returns the state of the executor whose last block was block,
// or nil: for a failed launch, the state of a block that failed.
func (ls *launchState) stateOf(block [3]int) *blockState {
	for _, bs := range ls.blocks {
		if bs.idx == block {
			return bs
		}
	}
	return nil
}

// thread returns the ThreadIdx of rank.
func (ls *launchState) thread(rank int) [3]int { return unflatten(int64(rank), ls.l.Block) }

// blockIdx returns the BlockIdx of the block of linear index i.
func (ls *launchState) blockIdx(i int64) [3]int { return unflatten(i, ls.l.Grid) }

// allocAt returns the allocation holding p, or nil. The executor caches
// the last allocation hit and the last gap between allocations missed
// (plain Go memory would otherwise pay a binary search per access), both
// valid while the table they were found in is current: an allocation, or
// an eviction from quarantine, replaces it; a free marks the allocation
// itself, which the caller reads on every access.
func (bs *blockState) allocAt(p uintptr) *allocation {
	tab := bs.launch.c.allocs.table.Load()
	if tab == nil {
		return nil
	}
	if tab == bs.allocs {
		if a := bs.alloc; a != nil && a.base <= p && p-a.base < uintptr(a.size) {
			return a
		}
		if bs.gapLo <= p && p < bs.gapHi {
			return nil
		}
	} else {
		bs.allocs, bs.alloc, bs.gapLo, bs.gapHi = tab, nil, 0, 0
	}
	a, lo, hi := lookupGap(*tab, p)
	if a != nil {
		bs.alloc = a
	} else {
		bs.gapLo, bs.gapHi = lo, hi
	}
	return a
}

// own keeps p, the memory of a variable of t's own (see Own), alive until
// the launch ends.
func (c *checker) own(t *gocuda.Thread, p unsafe.Pointer) {
	if t == nil {
		return
	}
	bs := (*blockState)(blockOf(t).Fast)
	if bs == nil { // outside a checked launch
		return
	}
	if n := len(bs.owned); n > 0 && bs.owned[n-1] == p {
		return // the same array sliced again (a helper called in a loop)
	}
	bs.owned = append(bs.owned, p)
}
