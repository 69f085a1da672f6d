package gocudatest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// useAll makes dev start every kind of goroutine it keeps: workers,
// pooled coroutines of blocks that met at a barrier on the workers, and
// those of a cooperative launch's and a nested launch's blocks, which run
// off the workers. It checks the kernels' results against host sums.
func useAll(t *testing.T, dev *gocuda.Device) {
	t.Helper()
	const blocks, threads = 4, 64
	sums := make([]int32, blocks)
	barrier := func(th *gocuda.Thread) {
		s := gocuda.Shared[int32](th, threads)
		s[th.ThreadIdx.X] = int32(th.ThreadIdx.X)
		th.SyncThreads()
		if th.ThreadIdx.X == 0 {
			for _, v := range s {
				sums[th.BlockIdx.X] += v
			}
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}
	require.NoError(t, dev.Launch(cfg, barrier))
	require.NoError(t, dev.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		cg.ThisGrid(th).Sync()
		barrier(th)
	}))
	require.NoError(t, dev.Launch(gocuda.Config{}, func(*gocuda.Thread) {
		if err := dev.Launch(cfg, barrier); err != nil {
			panic(err)
		}
	}))
	const want = threads * (threads - 1) / 2 * 3 // three launches added to each block's sum
	for b, got := range sums {
		assert.EqualValues(t, want, got, "block %d", b)
	}
}

// TestIgnoreDefaultDevice: after the default device has run launches of
// every kind, goleak finds its goroutines, and the option hides them.
func TestIgnoreDefaultDevice(t *testing.T) {
	useAll(t, gocuda.Default())
	require.Error(t, goleak.Find(), "the default device's goroutines should be visible to goleak")
	require.NoError(t, goleak.Find(gocudatest.IgnoreDefaultDevice()))
	goleak.VerifyNone(t, gocudatest.IgnoreDefaultDevice())
}

// TestIgnoreDefaultDeviceOnly: the option does not hide a device of the
// test's own that is left open.
func TestIgnoreDefaultDeviceOnly(t *testing.T) {
	before := goleak.IgnoreCurrent()
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	useAll(t, dev)
	require.Error(t, goleak.Find(before, gocudatest.IgnoreDefaultDevice()), "an open device's goroutines were ignored")
	require.NoError(t, dev.Close())
	require.NoError(t, goleak.Find(before, gocudatest.IgnoreDefaultDevice()))
}
