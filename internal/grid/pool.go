package grid

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// ErrClosed is returned by Pool.Run after Pool.Close.
var ErrClosed = errors.New("grid: pool closed")

// A Pool is a fixed set of worker goroutines, the analog of a GPU's
// streaming multiprocessors, that run the blocks of submitted Jobs. A worker
// claims one chunk at a time, taking the jobs that have blocks left in
// turn, so concurrent jobs share the workers fairly: a small job is not
// held up until a big one has handed out all its blocks.
//
// A Pool is safe for use by multiple goroutines. It must be created with
// NewPool; the zero Pool is not usable. A Pool must not be copied.
//
// A worker that finds no job, and a Run waiting for its job, yield the
// processor for up to 50 µs before they block, so that a job submitted
// or finished meanwhile costs no wake-up of a blocked thread (spin.go).
//
// Everything a worker does while running a job's block synchronizes before
// the return of the Pool.Run that submitted the job.
type Pool struct {
	workers int
	marked  bool // workers run under MarkFunc's frame
	mu      sync.Mutex
	wake    sync.Cond // signalled when a job arrives or the pool closes
	queue   []*Job    // jobs that may still have unclaimed blocks, oldest first
	idle    int       // workers waiting on wake
	closed  bool
	running sync.WaitGroup
	// news counts the jobs submitted and the close, so that a spinning
	// worker sees either without the lock.
	news     atomic.Uint64
	spinning atomic.Bool // a worker spins: the others block at once
}

// NewPool starts a pool of n workers; n < 1 means runtime.GOMAXPROCS(0).
func NewPool(n int) *Pool { return newPool(n, false) }

// NewMarkedPool is NewPool for a pool whose workers have MarkFunc's frame
// on their stacks.
func NewMarkedPool(n int) *Pool { return newPool(n, true) }

func newPool(n int, marked bool) *Pool {
	if n < 1 {
		n = runtime.GOMAXPROCS(0)
	}
	p := &Pool{workers: n, marked: marked}
	p.wake.L = &p.mu
	p.running.Add(n)
	for id := range n {
		p.spawn(id)
	}
	return p
}

// spawn starts worker id's goroutine.
func (p *Pool) spawn(id int) {
	if p.marked {
		go marked(func() { p.work(id) })
		return
	}
	go p.work(id)
}

// Workers returns the number of workers.
func (p *Pool) Workers() int { return p.workers }

// Run runs every block of j and returns when all have finished or been
// skipped. It returns the first error of j.Run, or ctx.Err() (the same value)
// if ctx is done first: then no further chunk starts (workers check ctx
// before each claim, and a context.AfterFunc stops the job at once), and
// chunks already running finish, or stop early if Run checks Job.Stopped.
// Run panics if j has no Run function.
func (p *Pool) Run(ctx context.Context, j *Job) error { return p.run(ctx, j, false) }

// run is Run, or with help RunNested: the caller runs j's chunks too.
func (p *Pool) run(ctx context.Context, j *Job, help bool) error {
	if ok, err := j.runnable(ctx); !ok {
		return err
	}
	if j.Chunk <= 0 {
		j.Chunk = ChunkSize(j.Blocks, p.workers, 1)
	}
	j.start(ctx)
	defer j.end()
	if err := p.submit(j); err != nil {
		return err
	}
	for help && j.step(nil, Helper) {
	}
	spinUntil(func() bool {
		select {
		case <-j.done:
			return true
		default:
			return false
		}
	})
	<-j.done
	return j.result()
}

// submit queues j and wakes as many idle workers as it has chunks.
func (p *Pool) submit(j *Job) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrClosed
	}
	p.queue = append(p.queue, j)
	p.news.Add(1)
	chunks := (j.Blocks + j.Chunk - 1) / j.Chunk
	for range min(int64(p.idle), chunks) {
		p.wake.Signal()
	}
	return nil
}

// Close stops the workers once the queued jobs are done and waits for them
// to exit. Run returns ErrClosed afterwards. Close is idempotent.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	p.news.Add(1)
	p.wake.Broadcast()
	p.mu.Unlock()
	p.running.Wait()
}

// work is a worker's life: take the next job in turn, run one of its
// chunks, repeat.
func (p *Pool) work(id int) {
	defer p.running.Done()
	var last *Job
	for {
		j := p.take(last)
		if j == nil {
			return
		}
		j.step(p, id)
		last = j
	}
}

// respawn replaces worker id, whose goroutine is exiting through
// runtime.Goexit.
func (p *Pool) respawn(id int) {
	p.running.Add(1)
	p.spawn(id)
}

// take returns the job after last (round robin, in order of arrival) among
// those with unclaimed blocks, waiting for one if there is none, or nil
// once the pool is closed and drained.
func (p *Pool) take(last *Job) *Job {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		after := 0 // index in the compacted queue of the job after last
		live := p.queue[:0]
		for _, j := range p.queue {
			if j == last {
				after = len(live) + 1
			}
			if !j.exhausted() {
				live = append(live, j)
			}
		}
		clear(p.queue[len(live):])
		p.queue = live
		if len(p.queue) > 0 {
			return p.queue[after%len(p.queue)]
		}
		if p.closed {
			return nil
		}
		if p.spin() {
			continue
		}
		p.idle++
		p.wake.Wait()
		p.idle--
	}
}

// spin yields, with p.mu released, until a job is submitted or the pool
// closes, for up to spinFor (spin.go), and reports whether either did.
// It asks again once it holds p.mu: a job submitted after the last look
// signalled no one for this worker, which was not idle then.
func (p *Pool) spin() bool {
	if !p.spinning.CompareAndSwap(false, true) {
		return false
	}
	seen := p.news.Load()
	p.mu.Unlock()
	if !spinUntil(func() bool { return p.news.Load() != seen }) && spinGaveUp != nil {
		spinGaveUp(p)
	}
	p.spinning.Store(false)
	p.mu.Lock()
	return p.news.Load() != seen
}

// spinGaveUp, if set (by tests), runs when a worker's spin has found
// nothing, before it takes p.mu again.
var spinGaveUp func(p *Pool)
