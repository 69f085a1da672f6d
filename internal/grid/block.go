package grid

import (
	"errors"

	"github.com/gocuda/gocuda/internal/panics"
)

// Op names a block-wide barrier operation.
type Op uint8

// The barrier operations of a thread block. Every live thread of the block
// must arrive at the same Op for a barrier to complete; threads arriving at
// different Ops form a barrier that can never complete (a deadlock, reported through the Reporter).
const (
	OpSync     Op = iota // __syncthreads: result 0
	OpCount              // __syncthreads_count: number of true predicates
	OpAnd                // __syncthreads_and: 1 if every predicate is true
	OpOr                 // __syncthreads_or: 1 if any predicate is true
	OpGridSync           // the block-wide half of grid.sync() (see GridBarrier): result 0
)

var opNames = [...]string{"SyncThreads", "SyncThreadsCount", "SyncThreadsAnd", "SyncThreadsOr", "SyncGrid"}

// String returns the CUDA-style name of the operation, such as "SyncThreads".
func (o Op) String() string { return opNames[o] }

// errAbort unwinds the threads of a block that is being aborted.
var errAbort = errors.New("grid: block aborted")

// A Block runs the threads of one thread block cooperatively, so that they
// can wait for each other at block barriers and warp collectives.
//
// The block starts as a plain loop of calls on the worker goroutine. When a
// thread (the driver) first reaches a barrier or collective, Promote turns
// every thread after it into a fiber; threads before it have already
// returned.
//
// Exactly one thread runs at a time: it holds the turn. A thread that cannot
// go on (it waits at a barrier or collective not yet complete, or it has
// returned) passes the turn on: forward, by resuming the first ready thread
// after it, or else backward, by yielding to the thread that resumed it.
// Calls only ever go forward in thread order, so the threads blocked
// resuming others form a chain of increasing index, and no thread is resumed
// twice. The thread whose arrival completes a barrier or collective releases
// the others and keeps the turn. For block barriers alone this is a sweep
// forward through the block and back, one coroutine switch per thread per
// barrier. The order is fixed, so a block runs the same way every time, on
// one OS thread at a time, as on one SM. When the worker goroutine, at the
// bottom of the chain, finds nothing ready while threads still wait, nothing
// ever will be: the block fails with a deadlock. Finish makes the worker
// goroutine the bottom of the chain once the driver's own code has returned.
//
// A Block is owned by one worker and is not safe for concurrent use; it is
// reused for one block after another, keeping its fibers. The zero Block is
// ready to use. Close releases the fibers. A Block must not be copied.
//
// Synchronizes before: everything a thread does before arriving at a barrier
// (or a collective) happens before every thread released by it returns from
// it.
type Block struct {
	_      noCopy
	run    func(thread int) // runs one thread of the block to its end
	active bool             // promoted and not finished or aborted
	driver int              // thread on the worker goroutine; -1 once it exited
	first  int              // thread run by fibers[0]
	n      int              // threads in the block
	live   int              // threads not exited
	fibers []*fiber

	ready   bitset // not started, or released and not yet resumed
	started bitset // fibers that have begun (and must be unwound on abort)
	exited  bitset
	atBar   bitset // waiting at the block barrier
	ops     []Op   // the barrier operation each thread last arrived at

	arrived int // threads at the current barrier
	count   int // their true predicates
	roundOp Op  // the first arrival's Op
	mixed   bool
	result  int // result of the last completed barrier

	warps warpState

	// Reporter makes the errors of the block's failures; nil means plain
	// errors.
	Reporter Reporter

	// Observer, if set, is told of undefined operations (see Observer).
	Observer Observer

	// Marked, set before the block is first promoted, runs its
	// coroutines under MarkFunc's frame.
	Marked bool

	failure  error // the thread panic or deadlock that ends the block
	aborting bool
}

// Active reports whether the block has been promoted and has neither
// finished nor been aborted.
func (b *Block) Active() bool { return b.active }

// Promote makes the block cooperative. It is called by thread driver of n
// threads, running on the worker goroutine, at its first barrier or
// collective: threads below driver have returned, threads above it become
// fibers that run run(i).
func (b *Block) Promote(n, driver int, run func(thread int)) {
	b.run, b.active, b.aborting, b.failure = run, true, false, nil
	b.driver, b.first, b.n, b.live = driver, driver+1, n, n-driver
	b.arrived, b.count, b.mixed = 0, 0, false
	b.ready, b.started = b.ready.reset(n), b.started.reset(n)
	b.exited, b.atBar = b.exited.reset(n), b.atBar.reset(n)
	b.ops = grow(b.ops, n)
	b.warps.reset(n)
	for i := range driver {
		b.exited.set(i)
	}
	for i := driver + 1; i < n; i++ {
		b.ready.set(i)
	}
	need := n - b.first
	for len(b.fibers) < need {
		b.fibers = append(b.fibers, newFiber(b))
	}
	for k, f := range b.fibers[:need] {
		if f.dead {
			f = newFiber(b)
			b.fibers[k] = f
		}
		f.thread = b.first + k
	}
}

func grow[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	return s[:n]
}

// Sync is thread's arrival at a block barrier with operation op and
// predicate pred. It returns when every live thread has arrived, with the
// barrier's result (see Op). If another thread panics or the block can
// never go on, Sync panics: on a fiber to unwind it, on the driver with the
// error (made by the Reporter) that ended the block.
func (b *Block) Sync(thread int, op Op, pred bool) int {
	b.checkFailure(thread)
	if b.arrived == 0 {
		b.roundOp = op
	} else if op != b.roundOp {
		b.mixed = true
	}
	b.arrived++
	if pred {
		b.count++
	}
	b.atBar.set(thread)
	b.ops[thread] = op
	if b.arrived == b.live {
		b.release()
		b.ready.clear(thread)
	} else {
		if len(b.warps.pending[thread/WarpSize]) > 0 {
			b.convergeActive(thread / WarpSize) // thread now waits: an ActiveMask may be complete
		}
		b.wait(thread)
	}
	b.checkFailure(thread)
	return b.result
}

// wait passes the turn on until thread has been released: forward to the
// first ready thread after it, or else back to the thread that resumed it.
// On the worker goroutine, finding nothing ready means a deadlock.
func (b *Block) wait(thread int) {
	for {
		if b.failure != nil || b.aborting {
			b.checkFailure(thread)
		}
		if b.ready.has(thread) {
			b.ready.clear(thread)
			return
		}
		if k := b.ready.next(max(thread+1, b.first)); k >= 0 {
			b.fibers[k-b.first].resume()
			continue
		}
		if thread == b.driver {
			b.failure = b.deadlock()
			continue
		}
		if !b.fibers[thread-b.first].suspend() {
			panic(errAbort) // stopped by Close
		}
	}
}

// release completes the current block barrier and makes its waiters ready.
func (b *Block) release() {
	if b.mixed && b.failure == nil {
		b.failure = b.deadlock()
	}
	switch b.roundOp {
	case OpCount:
		b.result = b.count
	case OpAnd:
		b.result = boolInt(b.count == b.arrived)
	case OpOr:
		b.result = boolInt(b.count > 0)
	default:
		b.result = 0
	}
	b.arrived, b.count, b.mixed = 0, 0, false
	b.ready.or(b.atBar)
	clear(b.atBar)
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

// exit records that thread has returned. That may complete the barrier the
// others wait at, or make a pending warp collective impossible.
func (b *Block) exit(thread int) {
	b.exited.set(thread)
	b.live--
	if b.arrived > 0 && b.arrived == b.live {
		b.release()
	}
	b.warps.exited(b, thread)
}

// runThread runs thread i on the calling fiber and records how it ended.
// The fiber then yields, passing the turn back to the thread that resumed
// it.
func (b *Block) runThread(i int) {
	defer func() {
		if r := recover(); r != nil && r != errAbort && b.failure == nil {
			b.failure = b.reporter().ThreadPanic(i, panics.Capture(r))
		}
		b.exit(i)
	}()
	b.ready.clear(i)
	b.started.set(i)
	b.run(i)
}

// Finish is called when the driver's code has returned: the worker
// goroutine becomes the bottom of the chain and runs the other threads to
// their end. Like Sync it panics with the failure that ends the block.
func (b *Block) Finish() {
	b.checkFailure(b.driver)
	b.exit(b.driver)
	b.driver = -1
	for b.live > 0 && b.failure == nil {
		k := b.ready.next(b.first)
		if k < 0 {
			b.failure = b.deadlock()
			break
		}
		b.fibers[k-b.first].resume()
	}
	b.checkFailure(-1)
	b.active = false
}

// checkFailure unwinds the caller if the block is failing: the worker
// goroutine (driver, or -1 after Finish) aborts the fibers and panics with
// the failure; a fiber panics with errAbort and yields as it exits.
func (b *Block) checkFailure(thread int) {
	if b.failure == nil && !b.aborting {
		return
	}
	if thread == b.driver || thread < 0 {
		b.abortFibers()
		panic(b.failure)
	}
	panic(errAbort)
}

// Failure returns the error that ended the block, made by its Reporter, or
// nil. It stays set until Abort.
func (b *Block) Failure() error { return b.failure }

// Abort ends the block after its driver has panicked or exited: it unwinds
// every thread still suspended, deactivates the block and clears its
// Failure. It is a no-op on an inactive block. A failed block stays active
// until Abort, so that a driver that recovers the failure and carries on
// cannot promote the block again or run its threads twice: its next Sync or
// Finish panics with the failure again.
func (b *Block) Abort() {
	if b.active {
		b.abortFibers()
	}
	b.active, b.aborting, b.failure = false, false, nil
}

// abortFibers unwinds every fiber suspended mid-thread. It runs on the worker
// goroutine while it holds the turn, so no fiber is blocked resuming another.
func (b *Block) abortFibers() {
	b.aborting = true
	for k, f := range b.fibers[:b.n-b.first] {
		switch i := b.first + k; {
		case b.exited.has(i):
		case !b.started.has(i):
			b.exited.set(i)
			b.live--
		default:
			f.resume()
		}
	}
}

// Close stops the block's pooled fibers. The block must not be active.
func (b *Block) Close() {
	for _, f := range b.fibers {
		f.stop()
	}
	b.fibers = nil
}
