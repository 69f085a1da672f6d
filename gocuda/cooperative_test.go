package gocuda_test

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSyncGridRotates passes values around the whole grid for several
// rounds: in each round every thread reads a neighbour's value written by
// another block in the previous round, so a grid barrier that let any block
// run ahead would read stale values (and -race would flag it).
func TestSyncGridRotates(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		d := newDevice(t, gocuda.WithWorkers(workers))
		perWorker, err := d.MaxActiveBlocksPerMultiprocessor(gocuda.Dim3{X: 64}, 0)
		require.NoError(t, err)
		blocks := workers * perWorker // the largest cooperative grid: more blocks than workers
		n, rounds := blocks*64, 5
		buf := [2][]int{make([]int, n), make([]int, n)}
		for i := range buf[0] {
			buf[0][i] = i
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 64}}
		require.NoError(t, d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
			i := th.BlockIdx.X*th.BlockDim.X + th.ThreadIdx.X
			for r := range rounds {
				src, dst := buf[r%2], buf[(r+1)%2]
				dst[i] = src[(i+65)%n] // 65: always another block's element
				th.SyncGrid()
			}
		}))
		for i, v := range buf[rounds%2] {
			require.Equal(t, (i+65*rounds)%n, v, "workers=%d element %d", workers, i)
		}
	}
}

// TestSyncGridPhases is a two-phase grid reduction: every block publishes a
// partial sum, the grid synchronizes, and every block then reads all the
// partials.
func TestSyncGridPhases(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	const blocks, threads = 8, 128
	partial := make([]int, blocks)
	total := make([]int, blocks)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}
	require.NoError(t, d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		i := th.BlockIdx.X*th.BlockDim.X + th.ThreadIdx.X
		n := th.SyncThreadsCount(i%3 == 0)
		if th.ThreadIdx.X == 0 {
			partial[th.BlockIdx.X] = n
		}
		th.SyncGrid()
		if th.ThreadIdx.X == 0 {
			for _, p := range partial {
				total[th.BlockIdx.X] += p
			}
		}
	}))
	want := (blocks*threads + 2) / 3
	for b, v := range total {
		assert.Equal(t, want, v, "block %d", b)
	}
}

func TestMaxActiveBlocksPerMultiprocessor(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	for _, c := range []struct {
		block  gocuda.Dim3
		shared int
		want   int
	}{
		{gocuda.Dim3{X: 32}, 0, 32},             // the block limit
		{gocuda.Dim3{X: 1}, 0, 32},              // a warp is allocated whole
		{gocuda.Dim3{X: 33}, 0, 32},             // two warps: 2048/64
		{gocuda.Dim3{X: 100}, 0, 16},            // four warps
		{gocuda.Dim3{X: 256}, 0, 8},             // threads
		{gocuda.Dim3{X: 16, Y: 16}, 0, 8},       // shape does not matter
		{gocuda.Dim3{X: 1024}, 0, 2},            // threads
		{gocuda.Dim3{X: 256}, 48 << 10, 4},      // shared: 228 KiB / 49 KiB
		{gocuda.Dim3{X: 32}, 227 << 10, 1},      // the opt-in maximum
		{gocuda.Dim3{X: 32}, 3<<10 - 1<<10, 32}, // 2 KiB + 1 KiB reserved: 76 by shared, 32 by blocks
	} {
		got, err := d.MaxActiveBlocksPerMultiprocessor(c.block, c.shared)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "block %v shared %d", c.block, c.shared)
	}
	_, err := d.MaxActiveBlocksPerMultiprocessor(gocuda.Dim3{X: 2048}, 0)
	require.ErrorIs(t, err, gocuda.ErrInvalidConfiguration)
	_, err = d.MaxActiveBlocksPerMultiprocessor(gocuda.Dim3{X: 32}, -1)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)
}

func TestCooperativeLaunchTooLarge(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	var ran int
	count := func(th *gocuda.Thread) {
		if th.ThreadIdx.X == 0 && th.BlockIdx.X == 0 {
			ran++
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 1024}} // 2 per worker
	require.NoError(t, d.LaunchCooperative(cfg, count))
	cfg.Grid.X = 5
	err := d.LaunchCooperative(cfg, count)
	require.ErrorIs(t, err, gocuda.ErrCooperativeLaunchTooLarge)
	assert.Contains(t, err.Error(), "at most 4")
	assert.Equal(t, 1, ran, "a rejected launch ran")

	cfg = gocuda.Config{Grid: gocuda.Dim3{X: 5}, Block: gocuda.Dim3{X: 32}, SharedMem: 100 << 10, MaxSharedMem: 100 << 10} // 2 per worker
	require.ErrorIs(t, d.LaunchCooperative(cfg, count), gocuda.ErrCooperativeLaunchTooLarge)
	require.ErrorIs(t, d.LaunchCooperative(gocuda.Config{Block: gocuda.Dim3{X: 2000}}, count), gocuda.ErrInvalidConfiguration)
}

func TestSyncGridOutsideCooperativeLaunch(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	var coop []bool
	require.NoError(t, d.Launch(gocuda.Config{}, func(th *gocuda.Thread) { coop = append(coop, th.Cooperative()) }))
	require.NoError(t, d.LaunchCooperative(gocuda.Config{}, func(th *gocuda.Thread) { coop = append(coop, th.Cooperative()) }))
	assert.Equal(t, []bool{false, true}, coop)

	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(th *gocuda.Thread) { th.SyncGrid() })
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)
	var ke *gocuda.KernelError
	require.ErrorAs(t, err, &ke)
	assert.Contains(t, err.Error(), "cooperative launch")
}

// TestSyncGridDeadlock: blocks that return before a grid barrier the others
// wait at are named in an error, never a hang.
func TestSyncGridDeadlock(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 6}, Block: gocuda.Dim3{X: 64}}
	err := d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		if th.BlockIdx.X >= 4 {
			return // the classic bug: an early exit before grid.sync()
		}
		th.SyncGrid()
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchTimeout)
	var ge *gocuda.GridDeadlockError
	require.ErrorAs(t, err, &ge)
	assert.Equal(t, []gocuda.Dim3{{X: 4, Y: 0, Z: 0}, {X: 5, Y: 0, Z: 0}}, ge.Exited)
	assert.Len(t, ge.Waiting, 4)
	assert.Contains(t, err.Error(), "4 blocks wait at SyncGrid")

	// A block whose threads meet different barriers is a block deadlock.
	err = d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		if th.ThreadIdx.X == 0 {
			th.SyncThreads()
		} else {
			th.SyncGrid()
		}
	})
	var de *gocuda.DeadlockError
	require.ErrorAs(t, err, &de)
	assert.Contains(t, err.Error(), "SyncGrid")
}

// TestSyncGridFailureReleasesWaiters: a panic in one block ends the launch
// with that block's error while the others wait at the grid barrier.
func TestSyncGridFailureReleasesWaiters(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 32}}
	for _, phase := range []int{0, 1} {
		err := d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
			for p := range 2 {
				if p == phase && th.BlockIdx.X == 3 && th.ThreadIdx.X == 7 {
					panic("block 3 fails")
				}
				th.SyncGrid()
			}
		})
		var ke *gocuda.KernelError
		require.ErrorAs(t, err, &ke, "phase %d", phase)
		assert.Equal(t, gocuda.Dim3{X: 3}, ke.Block)
		assert.Equal(t, gocuda.Dim3{X: 7}, ke.Thread)
		require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	}
	// The device still works, and so do cooperative launches.
	require.NoError(t, d.LaunchCooperative(cfg, func(th *gocuda.Thread) { th.SyncGrid() }))
	require.NoError(t, saxpy(d, 1000, 2, 3, true))
}

func TestSyncGridCancelled(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 32}}
	err := d.LaunchCooperativeContext(ctx, cfg, func(th *gocuda.Thread) {
		if th.BlockIdx.X == 0 {
			cancel()
			<-ctx.Done() // never reaches the grid barrier the others wait at
			th.SyncThreads()
			return
		}
		th.SyncGrid()
	})
	require.ErrorIs(t, err, context.Canceled)
}

func TestSyncGridGoexit(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 32}}
	err := d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		if th.BlockIdx.X == 2 && th.ThreadIdx.X == 0 {
			runtime.Goexit()
		}
		th.SyncGrid()
	})
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.NoError(t, d.LaunchCooperative(cfg, func(th *gocuda.Thread) { th.SyncGrid() }))
}

// TestSyncGridLiveThreads: as at block barriers, threads that have returned
// do not hold a grid barrier up, as long as each block has one left.
func TestSyncGridLiveThreads(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 64}}
	flags := make([]bool, 3)
	seen := make([][]bool, 3)
	require.NoError(t, d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		if th.ThreadIdx.X%2 == 1 {
			return
		}
		if th.ThreadIdx.X == 0 {
			flags[th.BlockIdx.X] = true
		}
		th.SyncGrid()
		if th.ThreadIdx.X == 0 {
			seen[th.BlockIdx.X] = append([]bool(nil), flags...)
		}
	}))
	for b := range seen {
		assert.Equal(t, []bool{true, true, true}, seen[b])
	}
}

func TestLaunchCooperativeClosedDevice(t *testing.T) {
	d, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	require.NoError(t, err)
	require.NoError(t, d.LaunchCooperative(gocuda.Config{Block: gocuda.Dim3{X: 64}}, func(th *gocuda.Thread) { th.SyncGrid() }))
	require.NoError(t, d.Close())
	err = d.LaunchCooperative(gocuda.Config{}, func(*gocuda.Thread) {})
	require.True(t, errors.Is(err, gocuda.ErrContextIsDestroyed), "%v", err)
}

// TestStreamLaunchCooperative: cooperative launches queue on a stream in
// order with other work, and a grid too large fails at once.
func TestStreamLaunchCooperative(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	s, err := d.NewStream()
	require.NoError(t, err)
	defer s.Close()
	const blocks, threads = 8, 64
	data := make([]int, blocks*threads)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}
	require.NoError(t, s.Launch(cfg, func(th *gocuda.Thread) { // runs first
		data[th.BlockIdx.X*threads+th.ThreadIdx.X] = 1
	}))
	sums := make([]int, blocks)
	require.NoError(t, s.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		i := th.BlockIdx.X*threads + th.ThreadIdx.X
		data[i] += th.BlockIdx.X
		th.SyncGrid()
		if th.ThreadIdx.X == 0 {
			for _, v := range data {
				sums[th.BlockIdx.X] += v
			}
		}
	}))
	require.NoError(t, s.Synchronize())
	want := blocks*threads + threads*blocks*(blocks-1)/2
	for b, v := range sums {
		assert.Equal(t, want, v, "block %d", b)
	}
	cfg.Grid.X = 1 << 20
	require.ErrorIs(t, s.LaunchCooperative(cfg, func(*gocuda.Thread) {}), gocuda.ErrCooperativeLaunchTooLarge)
	require.NoError(t, s.Synchronize())
}
