package gocuda

import (
	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/probelink"
)

// An executor is one worker's engine state: the thread run by direct calls,
// the cooperative block with its pooled fibers, the fibers' thread contexts
// and the shared-memory arena. Only its worker touches it.
type executor struct {
	launch   *launch
	block    Dim3 // index of the block being run
	direct   Thread
	coop     grid.Block
	fiberCtx []Thread
	runFiber func(thread int) // x.runFiberThread, bound once
	shared   arena

	// A compiled kernel's block body, once its first block handed it over
	// (see compiledKernel), runs the rest of the chunk's blocks here.
	body   func(*compiledBlock)
	blk    compiledBlock
	handed bool      // the current block ran as a body: call no more threads
	inBody bool      // a body is running: barriers are a generator bug
	job    *grid.Job // the job of the chunk being run, which a body checks for cancellation

	cur, end int64 // the linear index of the block being run, and the end of its chunk

	gridSyncs int // grid barriers the block (one per executor in a cooperative launch) has passed

	pb probelink.Block // the current block as an instrumented build's observer sees it
}

// newExecutor returns an executor whose fibers are marked (see
// grid.MarkFunc) if marked is set.
func newExecutor(marked bool) *executor {
	x := &executor{}
	x.coop.Marked = marked
	x.runFiber = x.runFiberThread
	x.direct.x = x
	x.blk.Thread, x.blk.Rank, x.blk.Written = &x.direct, &x.direct.self, &x.shared.written
	x.coop.Reporter = reporter{x: x}
	x.coop.Observer = probeObserver{x}
	return x
}

// run runs blocks first to end-1 of l, stopping early if job stops, and
// returns the first failure.
func (x *executor) run(l *launch, job *grid.Job, first, end int64) error {
	if x.coop.Active() { // a previous block ended in runtime.Goexit
		x.coop.Abort()
	}
	x.bind(l)
	err := x.runBlocks(job, first, end)
	x.coop.Abort()
	return err
}

// bind prepares the executor for l's blocks.
func (x *executor) bind(l *launch) {
	x.launch = l
	if cap(x.fiberCtx) < l.threads {
		x.fiberCtx = make([]Thread, l.threads)
	}
	x.fiberCtx = x.fiberCtx[:l.threads]
	x.shared.bind(l)
	x.body, x.handed, x.inBody = nil, false, false
	x.gridSyncs, x.direct.gridSyncs = 0, 0
}

// runBlocks is the fast path: each block's threads run as a plain loop of
// direct calls on the worker goroutine, until one of them reaches a barrier
// and makes the block cooperative (see grid.Block). One deferred recover
// covers the whole chunk; a panic ends it, since the launch fails anyway,
// and so does a failure or cancellation elsewhere in the launch.
func (x *executor) runBlocks(job *grid.Job, first, end int64) (err error) {
	t := &x.direct
	x.job = job
	defer func() {
		if r := recover(); r != nil {
			err = x.failure(r)
		}
	}()
	x.blk.ChunkEnd = int(end)
	defer x.mergePrivates() // before the recover above: a failed chunk's updates stay made
	l := x.launch
	x.block = l.grid.index(first)
	x.end = end // a grid body that runs the rest of the chunk ends it sooner
	for x.cur = first; x.cur < x.end && !job.Stopped(); x.cur++ {
		x.shared.begin()
		t.BlockIdx, t.BlockDim, t.GridDim = x.block, l.block, l.grid
		if l.probe != nil {
			x.probeBlockStart(x.cur)
		}
		if x.body != nil {
			x.runBody()
		} else {
			x.runBlock(t, l.kernel, l.block)
		}
		if l.probe != nil {
			probelink.Active().BlockEnd(&x.pb)
		}
		x.block = l.grid.next(x.block)
	}
	return nil
}

// mergePrivates merges the private copies the chunk's compiled bodies
// updated (compiled.PrivateIn) into their slices, and forgets them.
func (x *executor) mergePrivates() {
	for i, p := range x.blk.Privates {
		if p != nil {
			p.Merge()
			x.blk.Privates[i] = nil
		}
	}
}

// runBlock runs one block. This loop is the cost every kernel pays per
// thread: keep it lean (locals live across the opaque kernel call are
// spilled, so each costs a load and store per thread). The engine keeps its
// own copy of each index, so a kernel that assigns to its Thread's fields
// misleads at most the threads after it in the same block and row, never the
// barrier scheduler or other blocks.
func (x *executor) runBlock(t *Thread, kernel func(*Thread), dim Dim3) {
	self := 0
	for z := range dim.Z {
		for y := range dim.Y {
			t.ThreadIdx.Y, t.ThreadIdx.Z = y, z
			for i := range dim.X {
				t.ThreadIdx.X, t.self, t.nshared = i, self, 0
				self++
				kernel(t)
				if x.handed {
					x.handed = false
					return
				}
				if x.coop.Active() {
					x.coop.Finish()
					return
				}
			}
		}
	}
}

// runFiberThread runs thread i of the current block on a fiber.
func (x *executor) runFiberThread(i int) {
	t := &x.fiberCtx[i]
	*t = Thread{
		ThreadIdx: x.launch.block.index(int64(i)),
		self:      i,
		BlockIdx:  x.block,
		BlockDim:  x.launch.block,
		GridDim:   x.launch.grid,
		x:         x,
	}
	x.launch.kernel(t)
}
