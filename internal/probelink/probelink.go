package probelink

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

// Observer is told of the engine's events by packages gocuda and mem. Package
// probe implements it; Set installs it.
type Observer interface {
	// LaunchStart is called once a launch is validated, before any block
	// runs; LaunchEnd once its last block has finished, with its error.
	LaunchStart(l *Launch)
	LaunchEnd(l *Launch, err error)

	// BlockStart is called on the worker before a block's first thread,
	// BlockEnd after its last has returned (not for a block that failed).
	BlockStart(b *Block)
	BlockEnd(b *Block)

	// UndefinedShuffle reports that thread of b read lane src of its warp,
	// which had exited, does not exist or is outside the mask: CUDA leaves
	// the result undefined.
	UndefinedShuffle(b *Block, thread, src int, what string)

	// Alloc, Free and HostWrite follow package mem's global memory: an
	// allocation of size bytes at base (what is the allocating call), its
	// release, and bytes written by the host (copies, Memset, Fill).
	Alloc(base unsafe.Pointer, size int, what string)
	Free(base unsafe.Pointer, size int)
	HostWrite(base unsafe.Pointer, size int)
}

// A Launch is one launch as the observer sees it.
type Launch struct {
	Kernel        uintptr // entry PC of the kernel function
	Grid, Block   [3]int  // normalized dimensions
	Threads       int     // per block
	DynamicShared int     // bytes
	Cooperative   bool
	Nested        bool // launched from kernel code

	State any // the observer's

	// Compiled describes a kernel compiled by gocuda compile, nil for
	// another; LaunchStart may set its Unprobed.
	Compiled *Compiled

	entry atomic.Uintptr // the per-thread kernel behind a wrapper, if one said
}

// A Compiled is a launch of a kernel compiled by gocuda compile, as
// LaunchStart sees it.
type Compiled struct {
	Name, Hash string // the compiled form's source (compiledlink.Source's)
	Args       []any  // the kernel's arguments after the thread
	// Unprobed, set by LaunchStart, has the launch run the compiled
	// form, which calls no probe: the observer has proved that the
	// probes would find nothing the compiled form does not report
	// itself. The engine then takes the compiled form for current
	// whatever its embedded lines say (an instrumented build's are the
	// rewritten ones): the observer checked them.
	Unprobed bool
}

// SetEntry records pc as the entry of the kernel's own per-thread function
// when the launched function only wraps it (a kernel compiled by gocuda
// compile); the first call wins. It is safe for concurrent use.
func (l *Launch) SetEntry(pc uintptr) {
	// Every thread of the launch calls it: after the first, a load of
	// the line the workers share, not a compare-and-swap that each
	// worker's takes from the other's cache.
	if l.entry.Load() == 0 {
		l.entry.CompareAndSwap(0, pc)
	}
}

// Entry returns the entry PC that names the kernel: the one SetEntry
// recorded, else Kernel.
func (l *Launch) Entry() uintptr {
	if pc := l.entry.Load(); pc != 0 {
		return pc
	}
	return l.Kernel
}

// A Range is a span of memory.
type Range struct {
	Base uintptr
	Size int
}

// Contains reports whether [p, p+size) lies within r.
func (r Range) Contains(p uintptr, size int) bool {
	return p >= r.Base && p+uintptr(size) <= r.Base+uintptr(r.Size)
}

// A Block is the block an executor is running, as the observer sees it. The
// engine owns it and reuses it for the executor's next block; only the
// worker running the block touches it.
type Block struct {
	Launch *Launch
	Index  int64  // linear index in the grid
	Idx    [3]int // BlockIdx

	// Syncs and WarpSyncs count, per thread (by rank), the block barriers
	// and warp collectives it has passed in this block.
	Syncs     []uint32
	WarpSyncs []uint32
	// GridSyncs counts, per thread, the grid barriers (SyncGrid) it has
	// passed; they also count as block barriers in Syncs.
	GridSyncs []uint32
	// Synced is set once some thread of the block has passed a barrier or
	// collective: until then, every count above is zero. Whoever
	// increments a count sets it.
	Synced bool

	// Shared lists the block's shared-memory allocations in the order it
	// made them; Dynamic is its dynamic shared memory.
	Shared  []Range
	Dynamic Range

	State any // the observer's
	// Fast is the observer's too, for its per-access paths: a pointer
	// that needs no type assertion.
	Fast unsafe.Pointer
	// Loops counts the loop iterations of the executor's threads, for
	// the instrumented code's checks that a launch has stopped.
	Loops uint32
	// Work is the observer's per-thread counts of work since a branch,
	// on the block itself: the instrumented code's branches reset them,
	// one load from the thread away.
	Work []int32
}

// Reset readies b for block index of l.
func (b *Block) Reset(l *Launch, index int64, idx [3]int) {
	b.Launch, b.Index, b.Idx = l, index, idx
	if b.Synced || len(b.Syncs) != l.Threads {
		// Counts are zero while Synced is not set: only then cleared.
		b.Syncs = resize(b.Syncs, l.Threads)
		b.WarpSyncs = resize(b.WarpSyncs, l.Threads)
		b.GridSyncs = resize(b.GridSyncs, l.Threads)
	}
	b.Shared = b.Shared[:0]
	b.Dynamic = Range{}
	b.Synced = false
}

func resize(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// Engine is what the observer needs of package gocuda, typed: T is
// *gocuda.Thread, which this package cannot name.
type Engine[T any] struct {
	// BlockOf returns the Block of the executor running thread t.
	BlockOf func(t T) *Block
	// Stopped reports whether t's launch has failed or been cancelled, so
	// that a loop that might not end can stop.
	Stopped func(t T) bool
	// BlockOf(t) is the Block at offset Block of the struct that the
	// pointer at offset Executor of *t points to: the probe's per-access
	// paths read it so, without a call.
	Offsets struct{ Executor, Block uintptr }
}

var (
	observer Observer
	engine   any
)

// Set installs o. Package probe calls it in its init, before any launch;
// it is never called in a build without instrumented kernels.
func Set(o Observer) { observer = o }

// Active returns the installed Observer, or nil.
func Active() Observer { return observer }

// SetEngine stores e for GetEngine; package gocuda calls it in its init.
func SetEngine[T any](e Engine[T]) { engine = e }

// GetEngine returns the Engine stored by SetEngine, and panics if it was
// stored with another type.
func GetEngine[T any]() Engine[T] {
	e, ok := engine.(Engine[T])
	if !ok {
		panic(fmt.Sprintf("probelink: GetEngine[%T] finds %T", *new(T), engine))
	}
	return e
}
