package gocuda_test

import (
	"context"
	"io/fs"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

// TestNoLeaks runs good and failing launches of every kind on a device and
// closes it: no goroutine (worker, coroutine, context watcher) survives.
func TestNoLeaks(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(3))
	require.NoError(t, err)

	require.NoError(t, saxpy(d, 10000, 2, 1, false))
	require.NoError(t, saxpy(d, 10000, 2, 1, true))
	require.NoError(t, matMulTiled(d, make([]float32, 40*30), make([]float32, 30*20), make([]float32, 40*20), 40, 30, 20))

	// A panic at a barrier and a deadlock, in many blocks.
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 40}, Block: gocuda.Dim3{X: 256}}
	err = d.Launch(cfg, func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 100 && th.BlockIdx.X%7 == 3 {
			panic("at barrier")
		}
		th.SyncThreads()
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	err = d.Launch(cfg, func(th *gocuda.Thread) {
		if th.ThreadIdx.X%2 == 0 {
			th.SyncThreads()
		} else {
			th.SyncThreadsCount(true)
		}
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchTimeout)

	// Cancellation and configuration errors.
	ctx, cancel := context.WithCancel(context.Background())
	err = d.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 1 << 16}}, func(th *gocuda.Thread) {
		if th.BlockIdx.X == 0 {
			cancel()
		}
	})
	_ = err // cancelled, or finished first: both leave nothing behind
	err = d.LaunchContext(ctx, cfg, func(*gocuda.Thread) {})
	require.ErrorIs(t, err, context.Canceled)
	require.ErrorIs(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4096}}, func(*gocuda.Thread) {}), gocuda.ErrInvalidConfiguration)

	// A failed launch's suspended coroutines are released by Close even if
	// no launch runs after it.
	err = d.Launch(cfg, func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.BlockIdx.X == 5 && th.ThreadIdx.X == 0 {
			panic("last launch")
		}
		th.SyncThreads()
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.NoError(t, d.Close())
}

// TestNoLeaksConcurrentFailures: concurrent launches that fail at barriers
// leave nothing behind after Close.
func TestNoLeaksConcurrentFailures(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for k := range 5 {
				err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 16}, Block: gocuda.Dim3{X: 100}}, func(th *gocuda.Thread) {
					th.SyncThreads()
					if (g+k)%2 == 0 && th.BlockIdx.X == 9 && th.ThreadIdx.X == 99 {
						panic(fs.ErrClosed)
					}
					th.SyncThreads()
				})
				if (g+k)%2 == 0 {
					assert.ErrorIs(t, err, fs.ErrClosed)
				} else {
					assert.NoError(t, err)
				}
			}
		})
	}
	wg.Wait()
	require.NoError(t, d.Close())
}
