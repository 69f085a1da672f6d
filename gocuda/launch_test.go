package gocuda_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// newDevice starts a device for one test and closes it when the test ends.
func newDevice(t testing.TB, opts ...gocuda.Option) *gocuda.Device {
	t.Helper()
	d, err := gocuda.NewDevice(opts...)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}

// norm is the host's reading of a Dim3 used as a size: zero fields mean 1.
func norm(d gocuda.Dim3) gocuda.Dim3 {
	one := func(v int) int {
		if v == 0 {
			return 1
		}
		return v
	}
	return gocuda.Dim3{X: one(d.X), Y: one(d.Y), Z: one(d.Z)}
}

// lin is the linear position of idx in dim: X fastest, then Y, then Z.
func lin(idx, dim gocuda.Dim3) int { return (idx.Z*dim.Y+idx.Y)*dim.X + idx.X }

// size is the number of elements of a Dim3 used as a size.
func size(d gocuda.Dim3) int { d = norm(d); return d.X * d.Y * d.Z }

// globalID is a thread's index among all threads of its launch.
func globalID(t *gocuda.Thread) int {
	return lin(t.BlockIdx, t.GridDim)*size(t.BlockDim) + lin(t.ThreadIdx, t.BlockDim)
}

// An indexRecord is what one thread saw of its indices.
type indexRecord struct{ tx, ty, tz, bx, by, bz int32 }

// checkIndexing launches a kernel that records every thread's indices and
// compares them with a host enumeration of cfg: every thread runs exactly
// once, with the right ThreadIdx, BlockIdx, BlockDim and GridDim.
func checkIndexing(t *testing.T, d *gocuda.Device, cfg gocuda.Config) {
	t.Helper()
	grid, block := norm(cfg.Grid), norm(cfg.Block)
	total := size(grid) * size(block)
	counts := make([]atomic.Int32, total)
	recs := make([]indexRecord, total)
	var badDims atomic.Int64
	err := d.Launch(cfg, func(th *gocuda.Thread) {
		if th.BlockDim != block || th.GridDim != grid {
			badDims.Add(1)
			return
		}
		id := globalID(th)
		counts[id].Add(1)
		recs[id] = indexRecord{
			int32(th.ThreadIdx.X), int32(th.ThreadIdx.Y), int32(th.ThreadIdx.Z),
			int32(th.BlockIdx.X), int32(th.BlockIdx.Y), int32(th.BlockIdx.Z),
		}
	})
	require.NoError(t, err)
	require.Zero(t, badDims.Load(), "threads saw BlockDim/GridDim other than %v/%v", block, grid)

	// The host enumeration: CUDA numbers blocks and threads X fastest.
	id := 0
	for bz := range grid.Z {
		for by := range grid.Y {
			for bx := range grid.X {
				for tz := range block.Z {
					for ty := range block.Y {
						for tx := range block.X {
							want := indexRecord{int32(tx), int32(ty), int32(tz), int32(bx), int32(by), int32(bz)}
							if n := counts[id].Load(); n != 1 {
								t.Fatalf("thread %v of block %v ran %d times, want 1", gocuda.Dim3{X: tx, Y: ty, Z: tz}, gocuda.Dim3{X: bx, Y: by, Z: bz}, n)
							}
							if recs[id] != want {
								t.Fatalf("global thread %d saw %+v, want %+v", id, recs[id], want)
							}
							id++
						}
					}
				}
			}
		}
	}
}

func TestLaunchIndexing(t *testing.T) {
	big := 100000
	if raceEnabled {
		big = 20000
	}
	tests := []struct {
		name string
		cfg  gocuda.Config
	}{
		{"1x1x1", gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1, Z: 1}, Block: gocuda.Dim3{X: 1, Y: 1, Z: 1}}},
		{"zero-value", gocuda.Config{}},
		{"1D", gocuda.Config{Grid: gocuda.Dim3{X: 7}, Block: gocuda.Dim3{X: 96}}},
		{"1D-odd", gocuda.Config{Grid: gocuda.Dim3{X: 13}, Block: gocuda.Dim3{X: 33}}},
		{"2D", gocuda.Config{Grid: gocuda.Dim3{X: 4, Y: 3}, Block: gocuda.Dim3{X: 16, Y: 8}}},
		{"3D-non-multiple", gocuda.Config{Grid: gocuda.Dim3{X: 3, Y: 5, Z: 2}, Block: gocuda.Dim3{X: 7, Y: 3, Z: 2}}},
		{"3D-grid-1D-block", gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 3, Z: 4}, Block: gocuda.Dim3{X: 5}}},
		{"block-1024x1x1", gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 1024, Y: 1, Z: 1}}},
		{"block-32x32x1", gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 2}, Block: gocuda.Dim3{X: 32, Y: 32, Z: 1}}},
		{"block-16x8x8", gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1, Z: 3}, Block: gocuda.Dim3{X: 16, Y: 8, Z: 8}}},
		{"block-1x1x64", gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{Z: 64}}},
		{fmt.Sprintf("%d-blocks-of-1", big), gocuda.Config{Grid: gocuda.Dim3{X: big}, Block: gocuda.Dim3{X: 1}}},
		{fmt.Sprintf("%d-blocks-of-32", big), gocuda.Config{Grid: gocuda.Dim3{X: big}, Block: gocuda.Dim3{X: 32}}},
		{"tall-grid", gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 3000, Z: 2}, Block: gocuda.Dim3{X: 2, Y: 2}}},
	}
	for _, workers := range []int{1, 3} {
		d := newDevice(t, gocuda.WithWorkers(workers))
		for _, tc := range tests {
			t.Run(fmt.Sprintf("workers=%d/%s", workers, tc.name), func(t *testing.T) {
				checkIndexing(t, d, tc.cfg)
			})
		}
	}
}

func TestLaunchZeroDimsMeanOne(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	var ran atomic.Int64
	var seen sync.Map // every distinct (BlockDim, GridDim) pair seen
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 8}}, func(th *gocuda.Thread) {
		ran.Add(1)
		seen.Store([2]gocuda.Dim3{th.BlockDim, th.GridDim}, true)
	})
	require.NoError(t, err)
	assert.EqualValues(t, 24, ran.Load())
	var pairs [][2]gocuda.Dim3
	seen.Range(func(k, _ any) bool { pairs = append(pairs, k.([2]gocuda.Dim3)); return true })
	assert.Equal(t, [][2]gocuda.Dim3{{{X: 8, Y: 1, Z: 1}, {X: 3, Y: 1, Z: 1}}}, pairs)
}

func TestLaneAndWarpID(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	block := gocuda.Dim3{X: 5, Y: 7, Z: 3}
	n := size(block)
	for _, barrier := range []bool{false, true} { // direct calls and coroutines
		t.Run(fmt.Sprintf("barrier=%v", barrier), func(t *testing.T) {
			lanes, warps := make([]int, 2*n), make([]int, 2*n)
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: block}, func(th *gocuda.Thread) {
				if barrier {
					th.SyncThreads()
				}
				id := th.BlockIdx.X*n + (th.ThreadIdx.Z*th.BlockDim.Y+th.ThreadIdx.Y)*th.BlockDim.X + th.ThreadIdx.X
				lanes[id], warps[id] = th.LaneID(), th.WarpID()
			})
			require.NoError(t, err)
			for b := range 2 {
				for z := range block.Z {
					for y := range block.Y {
						for x := range block.X {
							l := (z*block.Y+y)*block.X + x
							id := b*n + l
							require.Equalf(t, l%gocuda.WarpSize, lanes[id], "lane of thread (%d,%d,%d)", x, y, z)
							require.Equalf(t, l/gocuda.WarpSize, warps[id], "warp of thread (%d,%d,%d)", x, y, z)
						}
					}
				}
			}
		})
	}
}

// saxpy checks y = a*x + y on a device, with or without a barrier in the
// kernel, against a host loop.
func saxpy(d *gocuda.Device, n int, a float32, seed uint64, barrier bool) error {
	r := rand.New(rand.NewPCG(seed, 1))
	x, y, want := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range n {
		x[i], y[i] = r.Float32(), r.Float32()
		want[i] = a*x[i] + y[i]
	}
	const bs = 128
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: (n + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}, func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		if barrier {
			t.SyncThreads()
		}
		if i < n {
			y[i] = a*x[i] + y[i]
		}
	})
	if err != nil {
		return err
	}
	for i := range n {
		if y[i] != want[i] {
			return fmt.Errorf("y[%d] = %v, want %v", i, y[i], want[i])
		}
	}
	return nil
}

func TestPackageLaunchUsesDefaultDevice(t *testing.T) {
	require.Same(t, gocuda.Default(), gocuda.Default())
	require.Equal(t, runtime.GOMAXPROCS(0), gocuda.Default().Workers())
	const n = 1000
	out := make([]int, n)
	err := gocuda.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 128}}, func(t *gocuda.Thread) {
		if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
			out[i] = i * i
		}
	})
	require.NoError(t, err)
	for i := range n {
		require.Equal(t, i*i, out[i])
	}
	require.NoError(t, saxpy(gocuda.Default(), 777, 2.5, 3, true))

	// LaunchContext on the default device honours its context too.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var ran atomic.Int64
	err = gocuda.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 4}}, func(*gocuda.Thread) { ran.Add(1) })
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, ran.Load())
}

func TestWorkers(t *testing.T) {
	for _, n := range []int{1, 2, 5} {
		d := newDevice(t, gocuda.WithWorkers(n))
		assert.Equal(t, n, d.Workers())
	}
	d := newDevice(t)
	assert.Equal(t, runtime.GOMAXPROCS(0), d.Workers())
}

func TestConcurrentLaunches(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(3))
	goroutines, launches := 8, 12
	if raceEnabled {
		launches = 4
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines*launches)
	for g := range goroutines {
		wg.Go(func() {
			for k := range launches {
				n := 500 + 97*g + 31*k
				if err := saxpy(d, n, float32(g+1), uint64(g*1000+k), (g+k)%2 == 0); err != nil {
					errs <- fmt.Errorf("goroutine %d launch %d: %w", g, k, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestConcurrentLaunchesWithFailures interleaves failing launches with good
// ones on one device: each launch gets its own result or its own error.
func TestConcurrentLaunchesWithFailures(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 6 {
		wg.Go(func() {
			for k := range 5 {
				if g%2 == 0 {
					if err := saxpy(d, 300+g*10+k, 1.5, uint64(g*100+k), k%2 == 0); err != nil {
						errs <- fmt.Errorf("good launch %d/%d: %w", g, k, err)
					}
					continue
				}
				err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 64}}, func(t *gocuda.Thread) {
					t.SyncThreads()
					if t.BlockIdx.X == 5 && t.ThreadIdx.X == 40 {
						panic(fmt.Sprintf("launch %d/%d", g, k))
					}
					t.SyncThreads()
				})
				var ke *gocuda.KernelError
				if !errors.As(err, &ke) || ke.Value != fmt.Sprintf("launch %d/%d", g, k) ||
					ke.Block != (gocuda.Dim3{X: 5, Y: 0, Z: 0}) || ke.Thread != (gocuda.Dim3{X: 40, Y: 0, Z: 0}) {
					errs <- fmt.Errorf("failing launch %d/%d returned %v", g, k, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestLaunchContextAlreadyCancelled(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var ran atomic.Int64
	err := d.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 100}, Block: gocuda.Dim3{X: 4}}, func(*gocuda.Thread) { ran.Add(1) })
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, ran.Load(), "threads ran after the context was cancelled")

	ctx, cancel = context.WithTimeout(context.Background(), -1)
	defer cancel()
	err = d.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 100}}, func(*gocuda.Thread) { ran.Add(1) })
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Zero(t, ran.Load())

	// An invalid configuration is still reported as such.
	err = d.LaunchContext(ctx, gocuda.Config{Block: gocuda.Dim3{X: 2000}}, func(*gocuda.Thread) {})
	require.ErrorIs(t, err, gocuda.ErrInvalidConfiguration)

	// The device is fine afterwards.
	require.NoError(t, saxpy(d, 1000, 3, 1, false))
}

// blocksRun launches a big grid of one-thread blocks on a one-worker device,
// with first run by the grid's first block, and returns the number of blocks
// that ran and the launch's error.
func blocksRun(t *testing.T, ctx context.Context, blocks int, first func()) (int64, error) {
	t.Helper()
	d := newDevice(t, gocuda.WithWorkers(1))
	var ran atomic.Int64
	err := d.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: blocks}}, func(th *gocuda.Thread) {
		ran.Add(1)
		if th.BlockIdx.X == 0 {
			first()
		}
	})
	// The device still works.
	require.NoError(t, saxpy(d, 500, 2, 9, true))
	return ran.Load(), err
}

func TestLaunchContextCancelledByKernel(t *testing.T) {
	const blocks = 1 << 20
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ran, err := blocksRun(t, ctx, blocks, func() {
		cancel()
		// Give the context's watcher a chance to stop the launch; the
		// assertion below holds as long as it runs before the worker
		// has run a million blocks.
		runtime.Gosched()
	})
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, ran, int64(blocks), "every block ran despite the cancellation")
	t.Logf("%d of %d blocks ran", ran, blocks)
}

func TestLaunchContextDeadline(t *testing.T) {
	const blocks = 1 << 20
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	ran, err := blocksRun(t, ctx, blocks, func() {
		<-ctx.Done() // block 0 outlives the deadline
		runtime.Gosched()
	})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, ran, int64(blocks))
}
