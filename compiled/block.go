package compiled

import (
	"bytes"
	"runtime"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/compiledlink"
)

// A Block is the block, or for GridKernel the chunk of blocks, that a
// compiled body runs: generated code uses it to move the kernel's Thread
// from thread to thread, to record where it is (Pos) and to keep values
// that live across a barrier (Scratch). A Block belongs to one worker of
// the device; it is valid only during the body call that received it.
type Block struct {
	b engineBlock
}

// engineBlock is the engine's state of a block, which Block wraps.
type engineBlock = compiledlink.Block[*gocuda.Thread, gocuda.Dim3]

// blockOf returns the Block that wraps b: the engine keeps the state and
// Block adds only its methods, so that the two have one layout.
func blockOf(b *engineBlock) *Block { return (*Block)(unsafe.Pointer(b)) }

// A Block is exactly an engineBlock: these fail to compile otherwise.
var (
	_ [unsafe.Sizeof(Block{}) - unsafe.Sizeof(engineBlock{})]struct{}
	_ [unsafe.Sizeof(engineBlock{}) - unsafe.Sizeof(Block{})]struct{}
)

// A Pos is where a body is: Block is the linear index of the block being
// run (X fastest, then Y, then Z) and Thread the rank of the thread being
// run (its linear index in the block, ThreadRank). Generated loops store
// into the Pos that Block.Pos returns, one plain store per thread; when
// the body panics, the launch's *gocuda.KernelError names that block and
// thread. The engine sets Block before it calls a Kernel body; a
// GridKernel body sets it (or calls Block.EnterBlock) for each block.
type Pos struct{ Block, Thread int }

// Thread returns the Thread that the body's loops move from thread to
// thread: its index fields are those of the thread last entered (Enter)
// and the block last entered (EnterBlock, or the engine for Kernel).
func (b *Block) Thread() *gocuda.Thread { return b.b.Thread }

// Len returns the number of threads in a block.
func (b *Block) Len() int { return b.b.Threads }

// Dim returns the launch's block shape, normalized (BlockDim).
func (b *Block) Dim() gocuda.Dim3 { return b.b.Dim }

// GridDim returns the launch's grid shape, normalized (GridDim).
func (b *Block) GridDim() gocuda.Dim3 { return b.b.Grid }

// Index returns the index in the grid (BlockIdx) of the block being run:
// for Kernel, the block the body was called for; for GridKernel, the block
// last entered with EnterBlock.
func (b *Block) Index() gocuda.Dim3 { return b.b.Thread.BlockIdx }

// Enter makes the Thread that of thread rank (its linear index), which
// must be less than Len: its ThreadIdx and ThreadRank, for code that
// passes the Thread to a function. It also sets Pos().Thread.
func (b *Block) Enter(rank int) {
	b.b.Thread.ThreadIdx, *b.b.Rank, b.b.Pos.Thread = b.b.Index[rank], rank, rank
}

// EnterBlock makes the Thread's BlockIdx that of the block with linear
// index linear, and sets Pos().Block: a GridKernel body calls it for each
// block whose code reads the Thread's BlockIdx.
func (b *Block) EnterBlock(linear int) {
	g := b.b.Grid
	x, yz := linear%g.X, linear/g.X
	b.b.Thread.BlockIdx = gocuda.Dim3{X: x, Y: yz % g.Y, Z: yz / g.Y}
	b.b.Pos.Block = linear
}

// SharedWritten tells the block's next gocuda.Shared call that the body
// writes every element of that allocation before any thread of the block
// reads one, so that it need not zero the memory: zeroed or not, nothing
// can tell. Generated code calls it where the compiler proved so (the
// fill pass of gocuda compile); called elsewhere, threads could read what
// an earlier block left. The next Shared call, whatever its place, takes
// the promise and clears it.
func (b *Block) SharedWritten() { *b.b.Written = true }

// Pos returns where the body is, which generated loops update as they go.
func (b *Block) Pos() *Pos { return (*Pos)(&b.b.Pos) }

// Stopped reports whether the launch has failed or been cancelled (its
// context ended): compiled code checks it at every loop's back-edge, so
// that LaunchContext can stop a kernel that would loop forever.
func (b *Block) Stopped() bool { return b.b.Stop.Load() }

// Tick counts a trip of a loop that might not end, before its check of
// Stopped, and yields the processor (runtime.Gosched) once in 2^16 trips:
// with asynchronous preemption off (GODEBUG=asyncpreemptoff=1, which the
// SIMD build's benchmarks set), a worker in a loop whose code calls
// nothing is never preempted, and where every worker is in one, the
// timer that ends the launch's context would never run. A yield costs
// about a microsecond.
func (b *Block) Tick() {
	b.b.Polls++
	if b.b.Polls == 0 {
		yield()
	}
}

// yield is Tick's yield, out of line so that Tick inlines.
//
//go:noinline
func yield() { runtime.Gosched() }

// At returns the index in the block (ThreadIdx) of thread rank.
func (b *Block) At(rank int) gocuda.Dim3 { return b.b.Index[rank] }

// AtFlat returns At(rank) where flat is false; where it is true, the
// caller knows the block is one-dimensional (its Y and Z extents 1), and
// AtFlat returns (rank, 0, 0) without reading the block's table. Generated
// warp loops take their first lane's index from it: waiting on the
// table's loads cost the warp-shuffle reduction a tenth of its time.
func (b *Block) AtFlat(rank int, flat bool) gocuda.Dim3 {
	if flat {
		return gocuda.Dim3{X: rank}
	}
	return b.b.Index[rank]
}

// Exited returns the block's record of the threads that have returned,
// all false at the start of the block.
func (b *Block) Exited() []bool { return b.b.Exited }

// Scratch returns slot slot of the worker's scratch arrays, one element
// per thread of the block, for a value that lives across a barrier. The
// array is reused from block to block and holds the values the previous
// block left.
func Scratch[T any](b *Block, slot int) []T {
	s := &b.b.Scratch
	for len(*s) <= slot {
		*s = append(*s, nil)
	}
	n := b.b.Threads
	if a, ok := (*s)[slot].([]T); ok && cap(a) >= n {
		return a[:n]
	}
	a := make([]T, n)
	(*s)[slot] = a
	return a
}

// SyncGrid is a grid barrier (SyncGrid, cg.ThisGrid().Sync()) at block
// level, all the block's threads having arrived: it waits for the other
// blocks of the cooperative launch. It returns false, without waiting,
// when every thread of the block has returned, and the body must then
// return; it fails the launch, as the runtime path does, outside a
// cooperative launch.
func (b *Block) SyncGrid() bool { return engine.SyncGrid(&b.b) }

// AllExited reports whether every thread of the block has returned, by
// its record of exited threads (Exited): a loop holding a barrier that
// only its threads' returns would end checks it at each trip, where the
// runtime path ends the block once its last thread has returned.
func AllExited(exited []bool) bool {
	if len(exited) == 0 {
		return false
	}
	// A bool is one byte, 0 or 1: search the bytes for a thread still in.
	b := unsafe.Slice((*byte)(unsafe.Pointer(&exited[0])), len(exited))
	return bytes.IndexByte(b, 0) < 0
}

// NoneExited reports whether no thread of the block has returned, by its
// record of exited threads (Exited): code that runs the steps of several
// thread loops at once (UpSweep3, DownSweep3) runs them for every thread.
func NoneExited(exited []bool) bool {
	if len(exited) == 0 {
		return true
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&exited[0])), len(exited))
	return bytes.IndexByte(b, 1) < 0
}
