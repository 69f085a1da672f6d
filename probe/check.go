package probe

import (
	"fmt"
	"os"
	"time"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

// A checker is the analysis of gocuda check: compute-sanitizer's racecheck,
// synccheck, memcheck and initcheck on the instrumented kernels' accesses,
// barriers and collectives and on the engine's events.
//
// Memory is modelled as a GPU has it. A kernel's own variables (arrays and
// structs declared in it or in a function it calls, reached through no
// pointer) are registers or local memory: the rewriting marks their
// accesses (Local), which never race and are not shadowed. One sliced
// or taken the address of for a helper (Own) is shadowed as global memory
// is, but kept alive until the launch ends: no other thread's variable
// takes its address, and only its thread reaches it. An atomic is a
// read-modify-write of its location that races with plain accesses and
// never with atomics (see check_atomic.go); a device-wide fence (atomic.ThreadFence) followed
// by an atomic releases the accesses before the fence (the thread's own,
// and its block's before a barrier the thread passed before fencing), and
// an atomic that observes it (the same location, later; of another block,
// or of the same block: a spin lock's) acquires them: its thread's later
// accesses, and its block's after its next barrier, are ordered after
// them, as the PTX memory model and
// BARRACUDA have it (see check_order.go). That makes CUDA's
// threadFenceReduction and last-block idioms race-free, and the same code
// without its fence racy.
//
// What it does not see, or sees approximately:
//   - A cell keeps two atomics of other threads at most (see
//     check_atomic.go): a plain access can miss a third thread's.
//   - Global memory's shadow lives for one launch: accesses of different
//     launches (on concurrent streams, say) are not checked against each
//     other.
//   - A block's streaming accesses to a page it made reach the shadow as a
//     run, where another access needs them (see check_run.go): of a race
//     between blocks, the pair of sites named can differ from one run to
//     the next, as it can with the order the blocks run in.
//   - Ordering by warp collectives is approximate (see accessCtx.ordered).
//   - A cell keeps two readers: a read that two kept readers cover (of
//     two blocks, of two warps of the reader's barrier interval, or of
//     the reader's warp) is not recorded, so a later write's hazard is
//     reported against one of them (see covers). That is exact with
//     barriers; a fence and atomic that order the kept reads and not the
//     dropped one, or a collective whose mask leaves out some of a warp's
//     readers, can hide a hazard.
//   - A thread that skips a barrier the others reach is reported as
//     divergent only if it did some work (an access, barrier or
//     collective) after its last branch: one that returns at once after a
//     branch (if i >= n { return }) is an exited thread, which does not
//     hold a barrier up since Volta.
//   - An index out of range in an address the kernel computes itself
//     (Addr) fails Go's bounds check before the probe sees it: memcheck
//     reports it from the launch's error, without space or size.
//   - The shadow keeps a block's linear index in 32 bits, a thread's
//     counts of warp collectives and of fences and observed atomics in
//     16 and of grid barriers in 8.
type checker struct {
	allocs  allocs
	process string // identifies this process's memory events among others'
}

func newChecker() recorder {
	return &checker{process: fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())}
}

// access checks s[i], s being n elements of size bytes at base.
func (c *checker) access(t *gocuda.Thread, site *Site, base unsafe.Pointer, n, size int, i int64, same bool) {
	var v unsafe.Pointer
	if same && i >= 0 && i < int64(n) {
		v = unsafe.Add(base, i*int64(size)) // the bytes there: touch finds them the same
	}
	touch(c, t, site, base, n, uintptr(size), i, v)
}

// addr checks an access of size bytes at p.
func (c *checker) addr(t *gocuda.Thread, site *Site, p unsafe.Pointer, size int, same bool) {
	var v unsafe.Pointer
	if same {
		v = p
	}
	touch(c, t, site, p, 1, uintptr(size), 0, v)
}

// local is an access to the thread's own variable: nothing to check.
func (c *checker) local(*gocuda.Thread, *Site, uintptr, int) {}

// branch marks where a thread's work since its last branch starts (see
// blockState.worked).
func (c *checker) branch(t *gocuda.Thread, site *Site, taken bool) {
	if t == nil {
		return
	}
	if w := blockOf(t).Work; t.ThreadRank() < len(w) {
		w[t.ThreadRank()] = 0
	}
}

// touch is the package's touch past its fast path: it checks the access of
// thread rank of b against the full shadow. For a Store, same reports
// that it stores the bytes there (shared memory's judge, see sameValue),
// and v points to the bytes it stores (global memory's); else they are
// false and nil.
func (bs *blockState) touch(b *probelink.Block, site *Site, rank int, p uintptr, size int, same bool, v unsafe.Pointer) {
	var x accessCtx
	x.b, x.bs = b, bs
	bs.fillEntry(&x.cur, b, site, rank, v != nil)
	bs.nseen = 0
	if len(b.Shared) > 0 || b.Dynamic.Size > 0 {
		if k, r, ok := sharedRange(b, p, size); ok {
			x.same = same
			bs.sharedAccess(&x, site, k, r, p, size)
			return
		}
	}
	x.space, x.addr, x.size, x.val = spaceGlobal, p, size, v
	if bs.launch.c.allocs.table.Load() != nil {
		bs.allocAccess(&x, site, p, size)
	}
	bs.globalAccess(&x, site.Kind, p, size)
}

// allocAccess checks the access of x, of size bytes at p, against the mem
// allocation holding it, if any: memcheck's use after free, and
// initcheck's read of bytes nothing wrote.
func (bs *blockState) allocAccess(x *accessCtx, site *Site, p uintptr, size int) {
	a := bs.allocAt(p)
	if a == nil {
		return
	}
	off := int(p - a.base)
	x.off, x.alloc = int64(off), a
	n := min(size, a.size-off)
	switch {
	case a.freed.Load():
		bs.useAfterFree(site, x)
	case site.Kind != Write && !a.isInit(off, n):
		bs.uninit(site, x)
	}
	if site.Kind != Read {
		a.setInit(off, n)
	}
}

// fillEntry sets e to the shadow entry of an access at site by thread rank
// of b, as the three words put copies (see entryWords); val reports a
// Store, whose bytes global memory keeps. An atomic's entry says so.
func (bs *blockState) fillEntry(e *entry, b *probelink.Block, site *Site, rank int, val bool) {
	w := entryWords(e)
	w.a = uint64(uint32(site.id+1)) | uint64(uint32(b.Index))<<32
	w.b = uint64(b.Syncs[rank]) | uint64(uint16(b.WarpSyncs[rank]))<<32 | uint64(uint16(rank))<<48
	var flags uint32
	if val {
		flags = entryVal
	}
	if site.Kind == AtomicOp {
		flags |= entryAtomic
	}
	w.c = uint32(bs.epoch[rank]) | uint32(uint8(b.GridSyncs[rank]))<<16 | flags<<24
}

// Alloc records an allocation (for initcheck, use after free and leaks).
func (c *checker) Alloc(base unsafe.Pointer, size int, what string) {
	a := c.allocs.add(base, size, what)
	out.write(record.Record{Memory: &record.MemoryEvent{Op: "alloc", Process: c.process, ID: a.id, Size: size,
		Addr: uint64(a.base), What: what, Func: a.at.Func, File: a.at.File, Line: a.at.Line}})
}

// Free records the release of an allocation.
func (c *checker) Free(base unsafe.Pointer, size int) {
	if a := c.allocs.free(base); a != nil {
		out.write(record.Record{Memory: &record.MemoryEvent{Op: "free", Process: c.process, ID: a.id,
			Func: a.freedAt.Func, File: a.freedAt.File, Line: a.freedAt.Line}})
	}
}

// HostWrite records bytes the host wrote: they are initialized.
func (c *checker) HostWrite(base unsafe.Pointer, size int) { c.allocs.hostWrite(base, size) }

// enter finds the checker's state of t's block as t reaches site, and
// t's rank in it; ok is false outside a checked launch.
func enter(t *gocuda.Thread, site *Site) (b *probelink.Block, bs *blockState, rank int, ok bool) {
	if t == nil {
		return nil, nil, 0, false
	}
	b = blockOf(t)
	if bs, ok = b.State.(*blockState); !ok {
		return nil, nil, 0, false
	}
	bs.saw(site)
	return b, bs, t.ThreadRank(), true
}
