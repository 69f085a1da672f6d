package gocuda_test

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

var goexitKernels = []struct {
	name   string
	kernel func(th *gocuda.Thread)
}{
	{"thread0-direct", func(th *gocuda.Thread) {
		if th.ThreadIdx.X == 0 {
			runtime.Goexit()
		}
	}},
	{"later-thread-direct", func(th *gocuda.Thread) {
		if th.BlockIdx.X == 1 && th.ThreadIdx.X == 17 {
			runtime.Goexit()
		}
	}},
	{"driver-after-barrier", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 0 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"coroutine-after-barrier", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 40 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"last-coroutine-after-barrier", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == th.BlockDim.X-1 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"coroutine-before-barrier", func(th *gocuda.Thread) {
		if th.ThreadIdx.X == 30 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
	{"coroutine-after-driver-returned", func(th *gocuda.Thread) {
		th.SyncThreads()
		if th.ThreadIdx.X == 0 {
			return
		}
		th.SyncThreads()
		if th.ThreadIdx.X == 3 {
			runtime.Goexit()
		}
		th.SyncThreads()
	}},
}

func TestGoexitInKernel(t *testing.T) {
	for _, workers := range []int{1, 2} {
		for _, tc := range goexitKernels {
			t.Run(fmt.Sprintf("workers=%d/%s", workers, tc.name), func(t *testing.T) {
				defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
				d, err := gocuda.NewDevice(gocuda.WithWorkers(workers))
				require.NoError(t, err)
				for range 2 {
					err = d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, tc.kernel)
					require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
					require.Contains(t, err.Error(), "Goexit")
					require.NoError(t, saxpy(d, 5000, 2, 4, true), "the device fails after Goexit")
					require.NoError(t, saxpy(d, 5000, 2, 4, false))
				}
				// Close right after a Goexit, with no launch in between.
				err = d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, tc.kernel)
				require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
				require.NoError(t, d.Close())
			})
		}
	}
}

// TestGoexitConcurrentWithGoodLaunches: a worker lost to runtime.Goexit is
// replaced while other launches share the device; they all complete.
func TestGoexitConcurrentWithGoodLaunches(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for k := range 6 {
				if g == 0 {
					tc := goexitKernels[k%len(goexitKernels)]
					err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 64}}, tc.kernel)
					assert.ErrorIs(t, err, gocuda.ErrLaunchFailure, tc.name)
					continue
				}
				assert.NoError(t, saxpy(d, 4000+g*100+k, 3, uint64(g*10+k), k%2 == 1))
			}
		})
	}
	wg.Wait()
	require.NoError(t, saxpy(d, 10000, 3, 1, true))
	require.NoError(t, d.Close())
}
