package gocuda_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// huge returns 1<<shift as an int, out of CUDA's range; where int is too
// small to hold it, -1, which is just as invalid.
func huge(shift uint) int {
	v := int64(1) << shift
	if int64(int(v)) != v {
		return -1
	}
	return int(v)
}

func TestInvalidConfiguration(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	ok := func(*gocuda.Thread) {}
	tests := []struct {
		name   string
		cfg    gocuda.Config
		kernel func(*gocuda.Thread)
	}{
		{"grid.X<0", gocuda.Config{Grid: gocuda.Dim3{X: -1}}, ok},
		{"grid.Y<0", gocuda.Config{Grid: gocuda.Dim3{Y: -1}}, ok},
		{"grid.Z<0", gocuda.Config{Grid: gocuda.Dim3{Z: -5}}, ok},
		{"block.X<0", gocuda.Config{Block: gocuda.Dim3{X: -1}}, ok},
		{"block.Y<0", gocuda.Config{Block: gocuda.Dim3{X: 4, Y: -2}}, ok},
		{"block.Z<0", gocuda.Config{Block: gocuda.Dim3{Z: -1}}, ok},
		{"block-32x33", gocuda.Config{Block: gocuda.Dim3{X: 32, Y: 33, Z: 1}}, ok},
		{"block-1025", gocuda.Config{Block: gocuda.Dim3{X: 1025}}, ok},
		{"block-16x8x9", gocuda.Config{Block: gocuda.Dim3{X: 16, Y: 8, Z: 9}}, ok},
		{"block.X>1024", gocuda.Config{Block: gocuda.Dim3{X: 2048, Y: 0, Z: 0}}, ok},
		{"block.Y>1024", gocuda.Config{Block: gocuda.Dim3{Y: 1025}}, ok},
		{"block.Z>64", gocuda.Config{Block: gocuda.Dim3{Z: 65}}, ok},
		{"grid.X>2^31-1", gocuda.Config{Grid: gocuda.Dim3{X: huge(31)}}, ok},
		{"grid.Y>65535", gocuda.Config{Grid: gocuda.Dim3{Y: 65536}}, ok},
		{"grid.Z>65535", gocuda.Config{Grid: gocuda.Dim3{Z: 65536}}, ok},
		{"huge", gocuda.Config{Grid: gocuda.Dim3{X: huge(62)}, Block: gocuda.Dim3{X: huge(62)}}, ok},
		{"nil-kernel", gocuda.Config{}, nil},
		{"nil-kernel-with-bad-dims", gocuda.Config{Block: gocuda.Dim3{X: 5000}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ran atomic.Int64
			kernel := tc.kernel
			if kernel != nil {
				kernel = func(*gocuda.Thread) { ran.Add(1) }
			}
			err := d.Launch(tc.cfg, kernel)
			require.ErrorIs(t, err, gocuda.ErrInvalidConfiguration)
			require.NotErrorIs(t, err, gocuda.ErrInvalidValue)
			require.Zero(t, ran.Load(), "the kernel ran")
		})
	}
}

// TestLimitsAreValid launches configurations at CUDA's limits. Those too big
// to run are launched with a cancelled context: validation comes first, so
// a valid one fails with context.Canceled and runs nothing.
func TestLimitsAreValid(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []gocuda.Config{
		{Block: gocuda.Dim3{X: 1024}},
		{Block: gocuda.Dim3{Y: 1024}},
		{Block: gocuda.Dim3{Z: 64}},
		{Block: gocuda.Dim3{X: 16, Y: 1, Z: 64}},
		{Block: gocuda.Dim3{X: 32, Y: 32, Z: 1}},
		{Grid: gocuda.Dim3{X: gocuda.MaxGridDimX}},
		{Grid: gocuda.Dim3{X: gocuda.MaxGridDimX, Y: gocuda.MaxGridDimY, Z: gocuda.MaxGridDimZ}, Block: gocuda.Dim3{X: 1024}},
		{Grid: gocuda.Dim3{Y: 65535}},
		{Grid: gocuda.Dim3{Z: 65535}},
		{SharedMem: gocuda.SharedMemPerBlock},
		{SharedMem: gocuda.SharedMemPerBlockOptin, MaxSharedMem: gocuda.SharedMemPerBlockOptin},
	}
	for _, cfg := range tests {
		var ran atomic.Int64
		err := d.LaunchContext(cancelled, cfg, func(*gocuda.Thread) { ran.Add(1) })
		require.ErrorIsf(t, err, context.Canceled, "config %+v", cfg)
		require.Zero(t, ran.Load())
	}
	// Small ones at the limits run.
	for _, cfg := range []gocuda.Config{
		{Grid: gocuda.Dim3{Y: 65535}},
		{Grid: gocuda.Dim3{Z: 65535}},
		{Block: gocuda.Dim3{Z: 64}},
		{Block: gocuda.Dim3{Y: 1024}},
	} {
		var ran atomic.Int64
		require.NoError(t, d.Launch(cfg, func(*gocuda.Thread) { ran.Add(1) }))
		require.EqualValues(t, size(cfg.Grid)*size(cfg.Block), ran.Load())
	}
}

func TestSharedMemConfig(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	tests := []struct {
		name          string
		shared, max   int
		wantLen       int // len(DynamicShared[byte]) if valid
		wantErr       error
		wantRunsAfter bool
	}{
		{"48K", gocuda.SharedMemPerBlock, 0, gocuda.SharedMemPerBlock, nil, true},
		{"48K+1", gocuda.SharedMemPerBlock + 1, 0, 0, gocuda.ErrInvalidValue, false},
		{"negative", -1, 0, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-100K", 100 << 10, 100 << 10, 100 << 10, nil, true},
		{"opt-in-100K-over", 100<<10 + 1, 100 << 10, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-max", gocuda.SharedMemPerBlockOptin, gocuda.SharedMemPerBlockOptin, gocuda.SharedMemPerBlockOptin, nil, true},
		{"opt-in-above-max", 0, gocuda.SharedMemPerBlockOptin + 1, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-negative", 0, -1, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-lowers-limit", 2048, 1024, 0, gocuda.ErrInvalidValue, false},
		{"opt-in-lower-ok", 1024, 1024, 1024, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ran atomic.Int64
			var got atomic.Int64
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 2}, SharedMem: tc.shared, MaxSharedMem: tc.max}
			err := d.Launch(cfg, func(th *gocuda.Thread) {
				ran.Add(1)
				got.Store(int64(len(gocuda.DynamicShared[byte](th))))
			})
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				require.NotErrorIs(t, err, gocuda.ErrInvalidConfiguration)
				var ke *gocuda.KernelError
				require.False(t, errors.As(err, &ke), "a configuration error is not a kernel error")
				require.Zero(t, ran.Load())
				return
			}
			require.NoError(t, err)
			require.EqualValues(t, 4, ran.Load())
			require.EqualValues(t, tc.wantLen, got.Load())
		})
	}
}

// here returns 0 and stores its caller's line in *line, so that a kernel
// can record the line of a faulting expression.
func TestClosedDevice(t *testing.T) {
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	require.NoError(t, saxpy(d, 100, 1, 1, true))
	require.NoError(t, d.Close())
	var ran atomic.Int64
	kernel := func(*gocuda.Thread) { ran.Add(1) }
	require.ErrorIs(t, d.Launch(gocuda.Config{}, kernel), gocuda.ErrContextIsDestroyed)
	require.ErrorIs(t, d.LaunchContext(context.Background(), gocuda.Config{Grid: gocuda.Dim3{X: 10}}, kernel), gocuda.ErrContextIsDestroyed)
	require.Zero(t, ran.Load())
	require.ErrorIs(t, d.Close(), gocuda.ErrContextIsDestroyed)
	require.ErrorIs(t, d.Close(), gocuda.ErrContextIsDestroyed)
}

// TestCloseWaitsForLaunch: a launch running when Close is called finishes
// every block; launches after Close fail.
func TestCloseWaitsForLaunch(t *testing.T) {
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	started, release := make(chan struct{}), make(chan struct{})
	const blocks = 64
	var ran atomic.Int64
	launched := make(chan error)
	go func() {
		launched <- d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 8}}, func(th *gocuda.Thread) {
			if th.BlockIdx.X == 0 && th.ThreadIdx.X == 0 {
				close(started)
				<-release
			}
			th.SyncThreads()
			ran.Add(1)
		})
	}()
	<-started
	closed := make(chan error)
	go func() { closed <- d.Close() }()
	close(release)
	require.NoError(t, <-launched)
	require.NoError(t, <-closed)
	require.EqualValues(t, blocks*8, ran.Load())
	require.ErrorIs(t, d.Launch(gocuda.Config{}, func(*gocuda.Thread) {}), gocuda.ErrContextIsDestroyed)
}

func TestWithWorkersInvalid(t *testing.T) {
	for _, n := range []int{0, -1, -100} {
		d, err := gocuda.NewDevice(gocuda.WithWorkers(n))
		require.ErrorIs(t, err, gocuda.ErrInvalidValue)
		require.Nil(t, d)
	}
}

// goexitKernels call runtime.Goexit (what t.FailNow does) from a kernel
// thread: on the direct path, from the block's driver after a barrier and
// from coroutine threads.
