package grid

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// ErrGoexit is the error of a job whose Run called runtime.Goexit (for
// example t.FailNow inside a kernel). The worker that ran it is replaced.
var ErrGoexit = errors.New("grid: runtime.Goexit called while running a block")

// A Job is a grid of blocks for a Pool to run. Set Blocks and Run; Chunk is
// optional. A Job is run once and must not be copied after Pool.Run starts.
type Job struct {
	// Blocks is the number of blocks, numbered 0 to Blocks-1.
	Blocks int64

	// Chunk is how many consecutive blocks a worker claims at a time, so
	// that a grid of millions of small blocks does not pay an atomic
	// operation per block. Zero or less means ChunkSize(Blocks, workers, 1).
	Chunk int64

	// Run runs blocks first to end-1 on the given worker (0 to
	// Pool.Workers()-1, or Helper). One worker calls Run for one chunk at a
	// time, so per-worker state indexed by worker needs no locking. An error
	// stops the job: no chunk not yet claimed runs, and Pool.Run returns the
	// first error.
	Run func(worker int, first, end int64) error

	ctx      context.Context
	next     atomic.Int64 // first block not yet claimed
	finished atomic.Int64 // blocks run or skipped
	_        [64]byte     // stopped is read once per block: keep it off the counters' cache line
	stopped  atomic.Bool
	errMu    sync.Mutex
	err      error
	done     chan struct{}
	onFail   func() // called once the job has stopped (RunResident)

	stopWatch func() bool // stops the context's watcher (see start)
}

// ChunkSize returns the number of blocks a worker claims at once for a grid
// of blocks blocks of threads threads each on workers workers: about 64k
// threads per claim, yet at least four claims per worker so that uneven
// blocks still balance. A compiled body streams a claim's memory in one
// pass, and each claim starts a new stream where the workers' claims
// interleave, so fewer, longer claims stream faster (BenchmarkSAXPY's
// perThreadCompiled).
func ChunkSize(blocks int64, workers, threads int) int64 {
	const threadsPerClaim = 65536
	byWork := int64(max(1, threadsPerClaim/max(1, threads)))
	byBalance := blocks / int64(4*max(1, workers))
	return max(1, min(byWork, byBalance))
}

// Stopped reports whether the job has failed or been cancelled. Run may check
// it between blocks so that no block starts after a failure, even within a
// chunk already claimed.
func (j *Job) Stopped() bool { return j.stopped.Load() }

// StopFlag returns the flag Stopped reads, for compiled code to read
// without the call (compiled.Block.Stopped).
func (j *Job) StopFlag() *atomic.Bool { return &j.stopped }

// exhausted reports whether every block has been claimed.
func (j *Job) exhausted() bool { return j.next.Load() >= j.Blocks }

// runnable panics if j has no Run function, and otherwise reports
// whether j has blocks to run, or ctx's error if ctx is done already.
func (j *Job) runnable(ctx context.Context) (bool, error) {
	if j.Run == nil {
		panic("grid: Job.Run is nil")
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	return j.Blocks > 0, nil
}

// start prepares j to run under ctx and counts it as running (see
// InKernel) until end.
func (j *Job) start(ctx context.Context) {
	j.done, j.ctx = make(chan struct{}), ctx
	jobsRunning.Add(1)
	if ctx.Done() != nil {
		j.stopWatch = context.AfterFunc(ctx, func() { j.fail(ctx.Err()) })
	}
}

// end is called once j is done.
func (j *Job) end() {
	if j.stopWatch != nil {
		j.stopWatch()
	}
	jobsRunning.Add(-1)
}

// claim takes the next chunk, if any is left and the job has not stopped.
func (j *Job) claim() (first, end int64, ok bool) {
	if j.stopped.Load() {
		return 0, 0, false
	}
	if err := j.ctx.Err(); err != nil { // deterministic at chunk granularity; AfterFunc is prompter
		j.fail(err)
		return 0, 0, false
	}
	first = j.next.Add(j.Chunk) - j.Chunk
	if first >= j.Blocks {
		return 0, 0, false
	}
	return first, min(first+j.Chunk, j.Blocks), true
}

// step claims and runs one chunk on worker (Helper for the goroutine that
// called Pool.RunNested) and reports whether it claimed one.
func (j *Job) step(p *Pool, worker int) bool {
	first, end, ok := j.claim()
	if !ok {
		return false
	}
	if !j.stopped.Load() {
		if err := j.runChunk(p, worker, first, end); err != nil {
			j.fail(err)
		}
	}
	j.complete(end - first)
	return true
}

// runChunk calls Run, turning a panic that escapes it into an error and a
// runtime.Goexit into ErrGoexit plus, if p is not nil, a replacement
// worker, so that neither leaves the job waiting forever.
func (j *Job) runChunk(p *Pool, worker int, first, end int64) (err error) {
	returned := false
	defer func() {
		if returned {
			return
		}
		if r := recover(); r != nil {
			err = fmt.Errorf("grid: block runner panicked: %v", r)
			return
		}
		j.fail(ErrGoexit)
		j.complete(end - first)
		if p != nil {
			p.respawn(worker)
		}
	}()
	err = j.Run(worker, first, end)
	returned = true
	return err
}

// fail records err if it is the first, stops the job and counts every block
// not yet claimed as finished.
func (j *Job) fail(err error) {
	j.errMu.Lock()
	if j.err == nil {
		j.err = err
	}
	j.errMu.Unlock()
	j.stopped.Store(true)
	if j.onFail != nil {
		j.onFail()
	}
	if old := j.next.Swap(j.Blocks); old < j.Blocks {
		j.complete(j.Blocks - old)
	}
}

// complete counts n blocks as finished and wakes Pool.Run after the last.
func (j *Job) complete(n int64) {
	if j.finished.Add(n) == j.Blocks {
		close(j.done)
	}
}

// result returns the job's first error.
func (j *Job) result() error {
	j.errMu.Lock()
	defer j.errMu.Unlock()
	return j.err
}
