package gocuda

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/panics"
)

// This file is the one place where the engine's failures become gocuda's
// errors: the engine asks a reporter (grid.Reporter) to build each error
// where it detects the failure, and launchError gives the job's error its
// final form.

// A reporter builds the errors of failures in one executor's blocks, or,
// with no executor, of a cooperative launch's grid barrier.
type reporter struct {
	x    *executor // the executor running the failing block
	grid Dim3      // the launch's grid, for grid deadlocks
}

var _ grid.Reporter = reporter{}

// ThreadPanic is the *KernelError of a panic in thread of the block being
// run.
func (r reporter) ThreadPanic(thread int, rep panics.Report) error {
	return newKernelError(r.x.block, r.x.launch.block.index(int64(thread)), rep)
}

// Deadlock is the *DeadlockError of the block being run.
func (r reporter) Deadlock(waiting iter.Seq2[int, string]) error {
	e := &DeadlockError{Block: r.x.block}
	for thread, at := range waiting {
		e.Waiting = append(e.Waiting, WaitingThread{r.x.launch.block.index(int64(thread)), at})
	}
	return e
}

// GridDeadlock is the *GridDeadlockError of a cooperative launch.
func (r reporter) GridDeadlock(waiting, exited []int64) error {
	e := &GridDeadlockError{}
	for _, b := range waiting {
		e.Waiting = append(e.Waiting, r.grid.index(b))
	}
	for _, b := range exited {
		e.Exited = append(e.Exited, r.grid.index(b))
	}
	return e
}

// failure turns a panic recovered on the worker goroutine into the launch's
// error. The block's own failure wins: the driver may have swallowed it.
// A panic in a compiled body is that of the block and thread its Pos
// names; any other panic is the driver thread's own.
func (x *executor) failure(r any) error {
	if f := x.coop.Failure(); f != nil {
		return f
	}
	if x.inBody {
		return x.bodyFailure(panics.Capture(r))
	}
	return reporter{x: x}.ThreadPanic(x.direct.self, panics.Capture(r))
}

// finish ends a launch whose job returned err: it writes the launch's
// Printf output to w and returns the launch's error, with the output's.
func (l *launch) finish(ctx context.Context, err error, w io.Writer) error {
	err = launchError(ctx, err)
	l.end(err)
	switch printErr := l.prints.flush(w); {
	case printErr == nil:
		return err
	case err == nil:
		return printErr
	default:
		return errors.Join(err, printErr)
	}
}

// launchError turns the error of a launch's job into the launch's error.
func launchError(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return fmt.Errorf("gocuda: launch cancelled: %w", err)
	case errors.Is(err, grid.ErrGoexit):
		return fmt.Errorf("%w: a kernel thread called runtime.Goexit (t.FailNow or t.Fatal inside a kernel?)", ErrLaunchFailure)
	}
	return err
}
