package compiledlink

import (
	"fmt"
	"sync/atomic"
)

// A Block is the state of the block a compiled body runs, kept by one
// executor of the engine and read by package compiled, whose Block wraps
// it. T is *gocuda.Thread and D is gocuda.Dim3, which this package cannot
// name (gocuda imports it).
type Block[T, D any] struct {
	// Thread is the representative thread that generated code moves from
	// thread to thread: the executor's direct Thread.
	Thread T
	// Rank points to the Thread's rank (its ThreadRank), which package
	// compiled cannot reach otherwise.
	Rank *int

	Threads   int    // threads per block
	Dim, Grid D      // the launch's block and grid shapes
	Index     []D    // the index in the block (ThreadIdx) of each thread rank
	Exited    []bool // the threads that have returned
	Scratch   []any  // the scratch arrays, by slot

	// Pos is where the body is: the linear index of the block it runs and
	// the rank of the thread. Generated code stores into it; the engine
	// reads it to report a panic. Its type is that of package compiled's
	// Pos, so that a *Pos converts.
	Pos struct{ Block, Thread int }

	// Written points to the flag by which package compiled's
	// Block.SharedWritten tells the block's next Shared call that the
	// body writes every element of its allocation before any is read.
	Written *bool

	// Stop is the stop flag of the job of the chunk being run
	// (grid.Job.StopFlag), which a body checks for cancellation.
	Stop *atomic.Bool
	// Polls counts the trips of the body's loops that might not end,
	// which yield the processor now and then (package compiled's
	// Block.Tick).
	Polls uint16

	// ChunkEnd is the linear index of the block after the chunk being
	// run, and Privates the private copies of slices its bodies only
	// update atomically (package compiled's PrivateIn), by the kernel's
	// slot: the engine
	// merges them when the chunk ends, whether it completes, fails or
	// stops, and clears them.
	ChunkEnd int
	Privates []Merger
}

// A Merger is a private copy the engine merges at the end of a chunk.
type Merger interface{ Merge() }

// Engine holds what package compiled needs of package gocuda, typed: T is
// *gocuda.Thread and D is gocuda.Dim3.
type Engine[T, D any] struct {
	// Kernel returns a kernel that runs body once per block where it can,
	// and perThread for each thread otherwise.
	Kernel func(src *Source, perThread func(T), body func(*Block[T, D])) func(T)

	// GridKernel returns a kernel that runs body once per chunk of blocks
	// (linear indices lo to hi-1) where it can, and perThread for each
	// thread otherwise.
	GridKernel func(src *Source, perThread func(T), body func(b *Block[T, D], lo, hi int)) func(T)

	// GridStrideKernel is GridKernel for a body that runs a grid-stride
	// loop in lockstep across its chunk: the engine gives each worker one
	// contiguous part of the grid, so that a step streams through memory.
	GridStrideKernel func(src *Source, perThread func(T), body func(b *Block[T, D], lo, hi int)) func(T)

	// Misuse returns the error a kernel panics with when it misuses the
	// thread API: one wrapping sentinel, which the engine reports as the
	// failing thread's error.
	Misuse func(sentinel error, msg string) error

	// SyncGrid waits at the grid barrier of a cooperative launch for the
	// other blocks, the block's threads having all arrived; it returns
	// false, without waiting, when every thread of the block has
	// returned (the block is done), and fails the launch as the runtime
	// path does outside a cooperative launch.
	SyncGrid func(b *Block[T, D]) bool

	// Diverged fails the launch with the engine's deadlock error: thread
	// rank in of the block would wait at barrier for thread rank out,
	// which left the loop around it (compiled.Diverged).
	Diverged func(b *Block[T, D], barrier string, in, out int)

	// DivergedIf fails the launch with the engine's deadlock error: thread
	// rank in of the block takes an if's branch, toward barrier, which
	// thread rank out does not take (compiled.DivergedIf).
	DivergedIf func(b *Block[T, D], barrier string, in, out int)

	// Probing reports whether the thread is a GPU launch's probe, which
	// asks a compiled kernel for its source and arguments instead of
	// running it; ProbeArgs gives the probe the kernel's arguments.
	Probing   func(T) bool
	ProbeArgs func(T, []any)
}

// engine holds the Engine that Set stored, of the one instantiation gocuda
// uses.
var engine any

// Set stores e for Get. Package gocuda calls it once, in its init, which
// runs before the initialization of any package that imports gocuda.
func Set[T, D any](e Engine[T, D]) { engine = e }

// Get returns the Engine stored by Set. It panics if none was stored, or
// one of other types: a programming error in this module, caught when the
// calling package is initialized.
func Get[T, D any]() Engine[T, D] {
	e, ok := engine.(Engine[T, D])
	if !ok {
		panic(fmt.Sprintf("compiledlink: Get[%T, %T] finds %T", *new(T), *new(D), engine))
	}
	return e
}
