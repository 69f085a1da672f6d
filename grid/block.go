package grid

import (
	"errors"

	"github.com/gocuda/gocuda/internal/panics"
)

// Op names a block-wide barrier operation.
type Op uint8

// The barrier operations of a thread block. Every live thread of the block
// must arrive at the same Op for a barrier to complete; threads arriving at
// different Ops form a barrier that can never complete (a Deadlock).
const (
	OpSync  Op = iota // __syncthreads: result 0
	OpCount           // __syncthreads_count: number of true predicates
	OpAnd             // __syncthreads_and: 1 if every predicate is true
	OpOr              // __syncthreads_or: 1 if any predicate is true
)

var opNames = [...]string{"SyncThreads", "SyncThreadsCount", "SyncThreadsAnd", "SyncThreadsOr"}

// String returns the CUDA-style name of the operation, such as "SyncThreads".
func (o Op) String() string { return opNames[o] }

// state is where a thread of a cooperative block stands.
type state uint8

const (
	notStarted state = iota // fiber thread not run yet
	running                 // started and not waiting at the current barrier
	waiting                 // arrived at barrier gen; released once b.gen has moved past it
	exited                  // returned, or never run because the block aborted
)

// threadState is one thread's standing in a cooperative block, kept together
// so that an arrival touches one cache line.
type threadState struct {
	state state
	op    Op     // the Op the thread last arrived at
	gen   uint64 // the barrier generation it last arrived at
}

// errAbort unwinds the threads of a block that is being aborted.
var errAbort = errors.New("grid: block aborted")

// A Block runs the threads of one thread block cooperatively, so that they
// can wait for each other at barriers.
//
// The block starts as a plain loop of calls on the worker goroutine. When a
// thread (the driver) first reaches a barrier, Promote turns every thread
// after it into a fiber; threads before it have already returned.
//
// The threads then pass a turn along a chain in thread order, driver first:
// exactly one runs at a time. A thread that arrives at a barrier passes the
// turn on in the direction of the current sweep: forward by resuming the
// next live fiber, backward by yielding to the thread that resumed it. The
// last thread to arrive releases the barrier, keeps the turn and runs on,
// and the next sweep goes the other way. Each thread thus costs one
// coroutine switch per barrier, and the order is fixed, so a block runs the
// same way every time, on one OS thread at a time, as on one SM. A fiber
// that returns yields to its caller, which carries the sweep on past it.
// Finish makes the worker goroutine the head of the chain after the driver's
// own code returns.
//
// A Block is owned by one worker and is not safe for concurrent use; it is
// reused for one block after another, keeping its fibers. The zero Block is
// ready to use. Close releases the fibers. A Block must not be copied.
//
// Synchronizes before: everything a thread does before arriving at a barrier
// happens before every thread of the block returns from that barrier.
type Block struct {
	run     func(thread int) // runs one thread of the block to its end
	active  bool             // promoted and not finished or aborted
	driver  int              // thread on the worker goroutine; -1 once it exited
	first   int              // thread run by fibers[0]
	live    int              // threads not exited
	threads []threadState
	fibers  []*fiber

	gen      uint64 // barriers completed
	forward  bool   // direction of the current sweep
	arrived  int    // threads at the current barrier
	count    int    // their true predicates
	roundOp  Op     // the first arrival's Op
	mixed    bool   // arrivals disagree on the Op
	result   int    // result of the last completed barrier
	failure  any    // *ThreadPanic or *Deadlock that ends the block
	aborting bool
}

// Active reports whether the block has been promoted and has neither
// finished nor been aborted.
func (b *Block) Active() bool { return b.active }

// Promote makes the block cooperative. It is called by thread driver of n
// threads, running on the worker goroutine, at its first barrier: threads
// below driver have returned, threads above it become fibers that run run(i).
func (b *Block) Promote(n, driver int, run func(thread int)) {
	b.run, b.active, b.aborting, b.failure = run, true, false, nil
	b.driver, b.first, b.live = driver, driver+1, n-driver
	b.forward, b.arrived, b.count, b.mixed = true, 0, 0, false
	b.threads = grow(b.threads, n)
	for i := range b.threads {
		b.threads[i].state = notStarted
	}
	for i := range driver {
		b.threads[i].state = exited
	}
	b.threads[driver].state = running
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
// barrier's result (see Op). If another thread panics or the barrier can
// never complete, Sync panics: on a fiber to unwind it, on the driver with
// the *ThreadPanic or *Deadlock that ended the block.
func (b *Block) Sync(thread int, op Op, pred bool) int {
	b.checkFailure(thread)
	gen := b.gen
	b.arrive(thread, op, pred)
	switch {
	case b.arrived == b.live:
		b.release()
	case thread == b.driver || b.forward:
		b.passForward(thread, gen)
	case !b.fibers[thread-b.first].suspend():
		panic(errAbort) // stopped by Close
	}
	b.checkFailure(thread)
	return b.result
}

// arrive counts thread in at the current barrier.
func (b *Block) arrive(thread int, op Op, pred bool) {
	if b.arrived == 0 {
		b.roundOp = op
	} else if op != b.roundOp {
		b.mixed = true
	}
	b.arrived++
	if pred {
		b.count++
	}
	b.threads[thread] = threadState{waiting, op, b.gen}
}

// passForward resumes the live fibers after self, one after another, until
// self's barrier (generation gen) is released. A resumed fiber returns
// control either when a backward sweep reaches self (released) or when it
// exits (carry on past it).
func (b *Block) passForward(self int, gen uint64) {
	for b.gen == gen && b.failure == nil {
		k := b.nextLive(self)
		if k < 0 {
			b.failure = b.deadlock()
			return
		}
		b.fibers[k-b.first].resume()
	}
}

// nextLive returns the first thread after self that has not exited, or -1.
func (b *Block) nextLive(self int) int {
	for k := max(self+1, b.first); k < len(b.threads); k++ {
		if b.threads[k].state != exited {
			return k
		}
	}
	return -1
}

// release completes the current barrier. The caller keeps the turn, and the
// next sweep runs the other way.
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
	b.gen++
	b.forward = !b.forward
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

// exit records that thread has returned; that may complete the barrier the
// others wait at.
func (b *Block) exit(thread int) {
	b.threads[thread].state = exited
	b.live--
	if b.arrived > 0 && b.arrived == b.live {
		b.release()
	}
}

// runThread runs thread i on the calling fiber and records how it ended.
func (b *Block) runThread(i int) {
	defer func() {
		if r := recover(); r != nil && r != errAbort && b.failure == nil {
			b.failure = &ThreadPanic{Thread: i, Report: panics.Capture(r)}
		}
		b.exit(i)
	}()
	b.threads[i].state = running
	b.run(i)
}

// Finish is called when the driver's code has returned: the worker
// goroutine becomes the head of the chain and runs the other threads to
// their end. Like Sync it panics with the failure that ends the block.
func (b *Block) Finish() {
	b.checkFailure(b.driver)
	b.exit(b.driver)
	b.driver = -1
	for b.live > 0 && b.failure == nil {
		k := b.nextLive(b.first - 1)
		gen := b.gen
		b.forward = true
		b.fibers[k-b.first].resume()
		if th := b.threads[k]; th.state == waiting && th.gen == gen && b.gen == gen {
			b.failure = b.deadlock() // passed back without anyone releasing
		}
	}
	b.checkFailure(-1)
	b.active = false
}

// checkFailure unwinds the caller if the block is failing: the worker
// goroutine (driver, or head after Finish) aborts the fibers and panics with
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

// Failure returns the *ThreadPanic or *Deadlock that ended the block, or nil.
// It stays set until Abort.
func (b *Block) Failure() any { return b.failure }

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
	for k, f := range b.fibers[:len(b.threads)-b.first] {
		switch th := &b.threads[b.first+k]; th.state {
		case notStarted:
			th.state = exited
			b.live--
		case waiting, running:
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
