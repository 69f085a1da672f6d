package grid_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/grid"
)

// onStack reports whether a function whose name contains name is on the
// calling goroutine's stack.
func onStack(name string) bool {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, name) {
			return true
		}
		if !more {
			return false
		}
	}
}

// TestRunHere: RunHere runs every chunk of a job on the calling goroutine,
// as worker Helper, in kernel code (InKernel), and reports errors and
// cancellation as Run does.
func TestRunHere(t *testing.T) {
	var ran, here, helper, inKernel atomic.Int64
	err := grid.RunHere(context.Background(), &grid.Job{Blocks: 10, Chunk: 3, Run: func(w int, first, end int64) error {
		ran.Add(end - first)
		if onStack("TestRunHere") {
			here.Add(1)
		}
		if w == grid.Helper {
			helper.Add(1)
		}
		if grid.InKernel() {
			inKernel.Add(1)
		}
		return nil
	}})
	require.NoError(t, err)
	assert.Equal(t, int64(10), ran.Load(), "every block once")
	assert.Equal(t, int64(4), here.Load(), "four chunks of at most three, all on the caller")
	assert.Equal(t, int64(4), helper.Load())
	assert.Equal(t, int64(4), inKernel.Load())

	boom := errors.New("boom")
	ran.Store(0)
	err = grid.RunHere(context.Background(), &grid.Job{Blocks: 10, Chunk: 1, Run: func(_ int, first, _ int64) error {
		ran.Add(1)
		if first == 2 {
			return boom
		}
		return nil
	}})
	assert.ErrorIs(t, err, boom)
	assert.Equal(t, int64(3), ran.Load(), "no chunk after the failure")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran.Store(0)
	err = grid.RunHere(ctx, &grid.Job{Blocks: 4, Run: func(int, int64, int64) error { ran.Add(1); return nil }})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Zero(t, ran.Load())

	assert.NoError(t, grid.RunHere(context.Background(), &grid.Job{Run: func(int, int64, int64) error { return boom }}), "no blocks")
	assert.Panics(t, func() { _ = grid.RunHere(context.Background(), &grid.Job{Blocks: 1}) })
}

// TestRunHereGoexit: a Goexit in a chunk RunHere runs ends the caller's
// goroutine, as it would have without the job, after failing the job.
func TestRunHereGoexit(t *testing.T) {
	j := &grid.Job{Blocks: 2, Chunk: 1, Run: func(_ int, first, _ int64) error {
		if first == 0 {
			runtime.Goexit()
		}
		return nil
	}}
	returned, ended := make(chan error, 1), make(chan struct{})
	go func() {
		defer close(ended)
		returned <- grid.RunHere(context.Background(), j)
	}()
	<-ended
	assert.Empty(t, returned, "RunHere did not return: its goroutine ended")
	assert.True(t, j.Stopped(), "the job failed")
}
