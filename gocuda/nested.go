package gocuda

import (
	"context"
	"fmt"
	"sync"

	"github.com/gocuda/gocuda/internal/grid"
)

// Launches from inside a kernel (CUDA's dynamic parallelism). A worker
// running a block that launches cannot wait for a free worker: they may all
// be running such blocks. So a launch made by kernel code (of any device)
// is nested: it is synchronous, and the launching goroutine runs the child
// grid's blocks itself, with an executor of its own (its own is mid-block),
// while idle workers may take some too (see grid.Pool.RunNested). The child
// grid thus completes before the launch returns, and so before its parent,
// as CUDA requires. A nested launch does not wait for the host's streams:
// it is a device-side launch, which CUDA does not order with host streams.

// runNested runs a validated launch from kernel code. It does not take the
// device's lock: the parent's launch may hold it already, and a second read
// lock would wait behind a pending Close, which waits for the parent.
func (d *Device) runNested(ctx context.Context, l *launch) error {
	if !d.nested.enter() {
		return ErrContextIsDestroyed
	}
	defer d.nested.leave()
	l.start(true)
	xs := d.resident.take(1)
	defer d.resident.put(xs)
	helper := xs[0]
	job := &grid.Job{Blocks: l.blocks, Chunk: l.chunkSize(d.pool.Workers())}
	job.Run = func(worker int, first, end int64) error {
		if worker == grid.Helper {
			return helper.run(l, job, first, end)
		}
		return d.execs[worker].run(l, job, first, end)
	}
	err := d.pool.RunNested(ctx, job)
	return l.finish(ctx, err, d.print)
}

// nestedCount counts a device's running nested launches, which hold no
// lock (see runNested), so that Close can wait for them once it holds the
// lock. Those from the device's own kernels end within their parent's
// launch, before Close gets the lock; those from other devices' kernels may
// still be running then.
type nestedCount struct {
	mu     sync.Mutex
	idle   sync.Cond // signalled when n drops to 0
	n      int
	closed bool
}

// init readies the count; NewDevice calls it.
func (c *nestedCount) init() { c.idle.L = &c.mu }

// enter counts a nested launch in, unless the device is closed.
func (c *nestedCount) enter() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	c.n++
	return true
}

// leave counts a nested launch out.
func (c *nestedCount) leave() {
	c.mu.Lock()
	if c.n--; c.n == 0 {
		c.idle.Broadcast()
	}
	c.mu.Unlock()
}

// close refuses later nested launches and waits for the running ones.
func (c *nestedCount) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for c.n > 0 {
		c.idle.Wait()
	}
}

// hostOnly returns an error wrapping ErrNotPermitted if the caller runs
// kernel code: op waits for work that may be queued behind the caller's own
// launch, or for the workers the caller's grid holds. CUDA's device runtime
// has no such call either.
func hostOnly(op string) error {
	if grid.InKernel() {
		return fmt.Errorf("%w: %s called from inside a kernel: it would wait for the kernel itself", ErrNotPermitted, op)
	}
	return nil
}
