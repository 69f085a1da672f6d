package grid

import (
	"context"
	"errors"
	"slices"
	"sync"
)

// ErrGridAborted is what GridBarrier.Wait returns once the job it belongs to
// has failed or been cancelled: the waiting block must unwind.
var ErrGridAborted = errors.New("grid: grid barrier aborted")

// RunResident runs every block of j at once, each on a goroutine of its own,
// so that all of them are resident together and may wait for each other at
// bar, as the blocks of a CUDA cooperative launch do. Run is called once per
// block with worker equal to the block's index and end = first+1. Errors,
// cancellation and runtime.Goexit are handled as by Pool.Run, except that no
// block waits to start: a failure or cancellation breaks bar instead, so
// that blocks waiting at it unwind, and once ctx is done no block passes
// bar. RunResident returns when every block has returned.
//
// The caller bounds j.Blocks: each block costs a goroutine.
func RunResident(ctx context.Context, j *Job, bar *GridBarrier) error {
	if ok, err := j.runnable(ctx); !ok {
		return err
	}
	j.Chunk = 1
	bar.init(j)
	j.onFail = bar.abort
	j.start(ctx)
	defer j.end()
	j.next.Store(j.Blocks) // every block is claimed now
	for b := range j.Blocks {
		go j.runResident(bar, b)
	}
	<-j.done
	return j.result()
}

// runResident runs block b on the calling goroutine.
func (j *Job) runResident(bar *GridBarrier, b int64) {
	if err := j.runChunk(nil, int(b), b, b+1); err != nil {
		j.fail(err)
	} else {
		bar.exit(b)
	}
	j.complete(1)
}

// A GridBarrier is a barrier across the blocks of a job run by RunResident:
// the grid-wide half of CUDA's grid.sync(). One thread of each block calls
// Wait, after the block's own threads have met at a block barrier.
//
// A block that returns while others wait for it, or will, can never arrive:
// the barrier then fails the job with its Reporter's GridDeadlock error. A
// job that fails or is cancelled breaks the barrier, and every Wait returns
// ErrGridAborted.
//
// The zero GridBarrier is ready for RunResident, which binds it to one job.
// A GridBarrier must not be copied or reused.
//
// Synchronizes before: everything the blocks do before calling Wait happens
// before any of those Wait calls returns.
type GridBarrier struct {
	// Reporter makes the error of a deadlock; nil means a plain error.
	Reporter Reporter

	mu      sync.Mutex
	release sync.Cond
	job     *Job
	arrived []int64 // blocks waiting in the current round
	exited  []int64 // blocks that have returned
	round   uint64
	broken  bool
}

func (g *GridBarrier) init(j *Job) {
	g.job = j
	g.release.L = &g.mu
}

// Wait is block's arrival at the barrier. It returns nil once every block
// has arrived, or ErrGridAborted if the job fails first.
func (g *GridBarrier) Wait(block int64) error {
	if err := g.job.ctx.Err(); err != nil { // no block passes a barrier once ctx is done
		g.job.fail(err)
		return ErrGridAborted
	}
	g.mu.Lock()
	if g.broken {
		g.mu.Unlock()
		return ErrGridAborted
	}
	g.arrived = append(g.arrived, block)
	if dl := g.stuck(); dl != nil {
		g.mu.Unlock()
		g.fail(dl)
		return ErrGridAborted
	}
	if len(g.arrived) == int(g.job.Blocks) {
		g.arrived = g.arrived[:0]
		g.round++
		g.release.Broadcast()
		g.mu.Unlock()
		return nil
	}
	round := g.round
	for round == g.round && !g.broken {
		g.release.Wait()
	}
	broken := round == g.round
	g.mu.Unlock()
	if broken {
		return ErrGridAborted
	}
	return nil
}

// exit records that block has returned without failing.
func (g *GridBarrier) exit(block int64) {
	g.mu.Lock()
	g.exited = append(g.exited, block)
	dl := g.stuck()
	g.mu.Unlock()
	if dl != nil {
		g.fail(dl)
	}
}

// fail fails the job with dl, unless its context is done: blocks that
// stopped short of the barrier may have done so because of that.
func (g *GridBarrier) fail(dl error) {
	if err := g.job.ctx.Err(); err != nil {
		g.job.fail(err)
		return
	}
	g.job.fail(dl)
}

// stuck returns the deadlock's error if every block has either arrived or
// returned, some of each: the blocks that arrived can never be released.
func (g *GridBarrier) stuck() error {
	if len(g.arrived) == 0 || len(g.exited) == 0 || len(g.arrived)+len(g.exited) < int(g.job.Blocks) {
		return nil
	}
	r := g.Reporter
	if r == nil {
		r = plainReporter{}
	}
	return r.GridDeadlock(slices.Sorted(slices.Values(g.arrived)), slices.Sorted(slices.Values(g.exited)))
}

// abort breaks the barrier: every Wait, now and later, returns
// ErrGridAborted.
func (g *GridBarrier) abort() {
	g.mu.Lock()
	g.broken = true
	g.release.Broadcast()
	g.mu.Unlock()
}
