package gocuda

import (
	"context"
	"fmt"

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

// runNested runs a validated launch from kernel code c.
func (d *Device) runNested(ctx context.Context, l *launch, c grid.Caller) error {
	if !c.Own { // else the parent's launch holds the lock, and must not take it twice
		d.mu.RLock()
		defer d.mu.RUnlock()
		if d.closed {
			return ErrContextIsDestroyed
		}
	}
	xs := d.resident.take(1)
	defer d.resident.put(xs)
	helper := xs[0]
	job := &grid.Job{Blocks: l.blocks, Chunk: grid.ChunkSize(l.blocks, d.pool.Workers(), l.threads)}
	job.Run = func(worker int, first, end int64) error {
		if worker == grid.Helper {
			return helper.run(l, job, first, end)
		}
		return d.execs[worker].run(l, job, first, end)
	}
	err := d.pool.RunNested(ctx, job, c)
	l.prints.flush(d.print)
	return launchError(ctx, err)
}

// hostOnly returns an error wrapping ErrNotPermitted if the caller runs
// kernel code: op waits for work that may be queued behind the caller's own
// launch, or for the workers the caller's grid holds. CUDA's device runtime
// has no such call either.
func (d *Device) hostOnly(op string) error {
	if d.pool.Caller().Kernel {
		return fmt.Errorf("%w: %s called from inside a kernel: it would wait for the kernel itself", ErrNotPermitted, op)
	}
	return nil
}
