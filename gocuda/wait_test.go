package gocuda_test

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

// ended returns the contexts a wait can end by: cancelled, cancelled with
// a cause of its own, and past its deadline. Each is done already, or, with
// a timeout, soon: a wait on gated work cannot finish first either way.
func ended(t *testing.T) []struct {
	name string
	ctx  context.Context
	want []error // what the error must wrap
} {
	cause := errors.New("the user gave up")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	withCause, cancelCause := context.WithCancelCause(context.Background())
	cancelCause(cause)
	deadline, stop := context.WithTimeout(context.Background(), 5*time.Millisecond)
	t.Cleanup(stop)
	return []struct {
		name string
		ctx  context.Context
		want []error
	}{
		{"cancelled", cancelled, []error{context.Canceled}},
		{"cause", withCause, []error{context.Canceled, cause}},
		{"deadline", deadline, []error{context.DeadlineExceeded}},
	}
}

// TestStreamSynchronizeContext: a wait for gated work ends with the
// context, wrapping its error; the work goes on, and its failure is left
// for the next Synchronize. An abandoned wait leaves no goroutine behind.
func TestStreamSynchronizeContext(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	defer func() { require.NoError(t, d.Close()) }()
	for _, tc := range ended(t) {
		t.Run(tc.name, func(t *testing.T) {
			s, err := d.NewStream()
			require.NoError(t, err)
			defer func() { require.NoError(t, s.Close()) }()
			open := gate(t, s)
			var x atomic.Int32
			require.NoError(t, s.Launch(one, func(*gocuda.Thread) { x.Store(7) }))
			require.NoError(t, s.Launch(one, func(*gocuda.Thread) { panic("after the gate") }))

			err = s.SynchronizeContext(tc.ctx)
			for _, want := range tc.want {
				require.ErrorIs(t, err, want)
			}
			require.NotErrorIs(t, err, gocuda.ErrLaunchFailure, "the failure is the work's, not yet run")
			require.ErrorIs(t, s.Query(), gocuda.ErrNotReady, "the work must still be queued")
			assert.Zero(t, x.Load())

			open()
			require.ErrorIs(t, s.SynchronizeContext(context.Background()), gocuda.ErrLaunchFailure)
			assert.Equal(t, int32(7), x.Load())
			require.NoError(t, s.Synchronize(), "the error was reported once")
		})
	}
}

// TestSynchronizeContextFinishedWork: work that has finished is reported
// even if the context has ended too, so the outcome does not depend on a
// race the work has already won.
func TestSynchronizeContextFinishedWork(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	s := newStream(t, d)
	e := newEvent(t, d)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { panic("done") }))
	require.NoError(t, e.Record(s))
	require.NoError(t, e.Synchronize())
	require.NoError(t, e.SynchronizeContext(ctx))
	err := s.SynchronizeContext(ctx)
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.NotErrorIs(t, err, context.Canceled)
	require.NoError(t, d.SynchronizeContext(ctx))
}

// TestEventSynchronizeContext: a wait for a record behind gated work ends
// with the context; the record completes once the stream reaches it.
func TestEventSynchronizeContext(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	for _, tc := range ended(t) {
		t.Run(tc.name, func(t *testing.T) {
			s := newStream(t, d)
			e := newEvent(t, d)
			open := gate(t, s)
			require.NoError(t, e.Record(s))
			err := e.SynchronizeContext(tc.ctx)
			for _, want := range tc.want {
				require.ErrorIs(t, err, want)
			}
			require.ErrorIs(t, e.Query(), gocuda.ErrNotReady)
			open()
			require.NoError(t, e.SynchronizeContext(context.Background()))
			require.NoError(t, e.Query())
		})
	}
	var nilEvent *gocuda.Event
	require.ErrorIs(t, nilEvent.SynchronizeContext(context.Background()), gocuda.ErrInvalidResourceHandle)
}

// TestDeviceSynchronizeContext: a device-wide wait cut short loses no
// stream's error: the failure of a finished stream is either joined to the
// context's error (if that stream was waited for first) or left for the
// next Synchronize, never both and never neither.
func TestDeviceSynchronizeContext(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	failed, gated := newStream(t, d), newStream(t, d)
	for range 20 { // the streams are waited for in no fixed order
		e := newEvent(t, d)
		require.NoError(t, failed.Launch(one, func(*gocuda.Thread) { panic("failed") }))
		require.NoError(t, e.Record(failed))
		require.NoError(t, e.Synchronize())
		open := gate(t, gated)

		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		first := d.SynchronizeContext(ctx)
		require.ErrorIs(t, first, context.Canceled)
		open()
		second := d.Synchronize()
		require.NotErrorIs(t, second, context.Canceled)
		require.NotEqual(t, errors.Is(first, gocuda.ErrLaunchFailure), errors.Is(second, gocuda.ErrLaunchFailure),
			"the failure must be reported exactly once: first %v, second %v", first, second)
	}
}

// TestSynchronizeContextNotPermitted: the context variants refuse to wait
// from a host function and from a kernel, as Synchronize does.
func TestSynchronizeContextNotPermitted(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	s, other := newStream(t, d), newStream(t, d)
	e := newEvent(t, d)
	open := gate(t, other)
	require.NoError(t, e.Record(other))
	ctx := context.Background()
	errs := make([]error, 3)
	require.NoError(t, s.LaunchHostFunc(func() {
		errs[0] = other.SynchronizeContext(ctx)
		errs[1] = e.SynchronizeContext(ctx)
		errs[2] = d.SynchronizeContext(ctx)
	}))
	require.NoError(t, s.Synchronize())
	for i, err := range errs {
		assert.ErrorIs(t, err, gocuda.ErrNotPermitted, "call %d from a host function", i)
	}
	open()
	require.NoError(t, d.Launch(one, func(*gocuda.Thread) {
		errs[0] = s.SynchronizeContext(ctx)
		errs[1] = e.SynchronizeContext(ctx)
		errs[2] = d.SynchronizeContext(ctx)
	}))
	for i, err := range errs {
		assert.ErrorIs(t, err, gocuda.ErrNotPermitted, "call %d from a kernel", i)
	}
}

// TestStreamLaunchContext covers the three times a stream launch's
// context can end: before the call (nothing is queued), while the launch
// waits in the queue (no block runs, and the stream fails until
// Synchronize), and while it runs (no further block starts).
func TestStreamLaunchContext(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	s := newStream(t, d)
	var ran atomic.Int64
	count := func(*gocuda.Thread) { ran.Add(1) }
	grid := gocuda.Config{Grid: gocuda.Dim3{X: 64}}

	t.Run("before", func(t *testing.T) {
		ran.Store(0)
		for _, tc := range ended(t) {
			<-tc.ctx.Done()
			err := s.LaunchContext(tc.ctx, grid, count)
			for _, want := range tc.want {
				require.ErrorIs(t, err, want)
			}
		}
		require.NoError(t, s.Query(), "nothing may be queued")
		require.NoError(t, s.Synchronize())
		require.Zero(t, ran.Load())
		// A configuration error still comes first.
		err := s.LaunchContext(context.Background(), gocuda.Config{Block: gocuda.Dim3{X: 2000}}, count)
		require.ErrorIs(t, err, gocuda.ErrInvalidConfiguration)
	})

	t.Run("queued", func(t *testing.T) {
		ran.Store(0)
		open := gate(t, s)
		ctx, cancel := context.WithCancel(context.Background())
		require.NoError(t, s.LaunchContext(ctx, grid, count))
		require.NoError(t, s.Launch(grid, count)) // skipped: the launch before it fails
		cancel()
		open()
		require.ErrorIs(t, s.Synchronize(), context.Canceled)
		require.Zero(t, ran.Load(), "a block ran after its context was cancelled")
		// The stream works again once the error is reported.
		require.NoError(t, s.LaunchContext(context.Background(), grid, count))
		require.NoError(t, s.Synchronize())
		require.Equal(t, int64(64), ran.Load())
	})

	t.Run("running", func(t *testing.T) {
		const blocks = 1 << 20
		ran.Store(0)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		require.NoError(t, s.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: blocks}}, func(th *gocuda.Thread) {
			ran.Add(1)
			if th.BlockIdx.X == 0 {
				cancel()
				runtime.Gosched() // let the context's watcher stop the launch, as in TestLaunchContextCancelledByKernel
			}
		}))
		require.ErrorIs(t, s.Synchronize(), context.Canceled)
		require.Less(t, ran.Load(), int64(blocks), "every block ran despite the cancellation")
	})
}

// TestStreamLaunchContextNested: from inside a kernel a stream launch runs
// at once with the context given, like Device.LaunchContext's.
func TestStreamLaunchContextNested(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	s := newStream(t, d)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var child error
	var ran atomic.Int64
	require.NoError(t, d.Launch(one, func(*gocuda.Thread) {
		child = s.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 8}}, func(*gocuda.Thread) { ran.Add(1) })
	}))
	require.ErrorIs(t, child, context.Canceled)
	require.Zero(t, ran.Load())
	require.NoError(t, s.Synchronize())
}
