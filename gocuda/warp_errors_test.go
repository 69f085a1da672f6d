package gocuda_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func requireDeadlock(t *testing.T, err error) *gocuda.DeadlockError {
	t.Helper()
	var de *gocuda.DeadlockError
	require.ErrorAs(t, err, &de)
	require.ErrorIs(t, err, gocuda.ErrLaunchTimeout)
	return de
}

func TestWarpCollectiveErrors(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	launch := func(n int, k func(*gocuda.Thread)) error {
		return d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, k)
	}

	t.Run("live lane never arrives", func(t *testing.T) {
		// An earlier launch leaves other collectives behind; the error must
		// name this one's.
		require.NoError(t, launch(32, func(th *gocuda.Thread) { th.SyncWarp(gocuda.FullMask) }))
		de := requireDeadlock(t, launch(32, func(th *gocuda.Thread) {
			if th.ThreadIdx.X == 5 {
				th.SyncThreads() // lane 5 never reaches the reduction
				return
			}
			gocuda.ReduceAddSync(th, gocuda.FullMask, int32(1))
		}))
		require.Len(t, de.Waiting, 32)
		for i, w := range de.Waiting {
			want := "ReduceAddSync(mask 0xffffffff)"
			if i == 5 {
				want = "SyncThreads"
			}
			assert.Equal(t, gocuda.Dim3{X: i}, w.Thread)
			assert.Equal(t, want, w.Barrier, "thread %d", i)
		}
		assert.Contains(t, de.Error(), "31 at ReduceAddSync(mask 0xffffffff)")
	})
	t.Run("different collectives", func(t *testing.T) {
		de := requireDeadlock(t, launch(32, func(th *gocuda.Thread) {
			if th.ThreadIdx.X%2 == 0 {
				th.BallotSync(gocuda.FullMask, true)
			} else {
				th.AnySync(gocuda.FullMask, true)
			}
		}))
		require.Len(t, de.Waiting, 32)
		assert.Equal(t, "BallotSync(mask 0xffffffff)", de.Waiting[0].Barrier)
		assert.Equal(t, "AnySync(mask 0xffffffff)", de.Waiting[1].Barrier)
	})
	t.Run("warp collective against block barrier", func(t *testing.T) {
		de := requireDeadlock(t, launch(64, func(th *gocuda.Thread) {
			if th.ThreadIdx.X == 3 {
				th.SyncThreads()
				return
			}
			th.SyncWarp(gocuda.FullMask) // warp 0 waits for lane 3, which waits for everyone
			th.SyncThreads()
		}))
		assert.Equal(t, "SyncThreads", de.Waiting[3].Barrier)
	})
	t.Run("caller not in mask", func(t *testing.T) {
		err := launch(32, func(th *gocuda.Thread) { th.BallotSync(0x0000ffff, true) })
		var ke *gocuda.KernelError
		require.ErrorAs(t, err, &ke)
		require.ErrorIs(t, err, gocuda.ErrInvalidValue)
		assert.Equal(t, gocuda.Dim3{X: 16, Y: 0, Z: 0}, ke.Thread)
	})
	t.Run("bad width", func(t *testing.T) {
		for _, w := range []int{0, 3, 33, 64, -2} {
			err := launch(32, func(th *gocuda.Thread) { gocuda.ShflSync(th, gocuda.FullMask, 1, 0, w) })
			require.ErrorIs(t, err, gocuda.ErrInvalidValue, "width %d", w)
		}
	})
	t.Run("panic while lanes wait", func(t *testing.T) {
		boom := errors.New("boom")
		err := launch(64, func(th *gocuda.Thread) {
			if th.ThreadIdx.X == 40 {
				panic(boom)
			}
			th.SyncWarp(gocuda.FullMask)
		})
		require.ErrorIs(t, err, boom)
	})
	require.NoError(t, launch(32, func(th *gocuda.Thread) { th.SyncWarp(gocuda.FullMask) }), "the device still works")
}

// TestWarpIndependentScheduling: lanes are not lockstep between
// collectives. Disjoint groups of one warp meet at their own collectives
// at the same time, and lanes reach the same SyncWarp from different code.
func TestWarpIndependentScheduling(t *testing.T) {
	got := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		lane := uint32(th.LaneID())
		if lane < 16 {
			low := th.BallotSync(0x0000ffff, lane%2 == 0)
			th.SyncWarp(gocuda.FullMask)
			return low
		}
		sum := gocuda.ReduceAddSync(th, 0xffff0000, lane)
		th.SyncWarp(gocuda.FullMask)
		return sum
	})
	for lane := range 32 {
		want := uint32(0x5555)
		if lane >= 16 {
			want = (16 + 31) * 16 / 2
		}
		require.Equal(t, want, got[lane], "lane %d", lane)
	}
}

func TestActiveMask(t *testing.T) {
	full := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		th.SyncWarp(gocuda.FullMask)
		return th.ActiveMask()
	})
	for lane, m := range full {
		require.Equal(t, gocuda.FullMask, m, "lane %d", lane)
	}
	d := newDevice(t, gocuda.WithWorkers(1))
	got := make([]uint32, 48)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 48}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		if i%8 == 7 {
			return // exits before the others ask
		}
		th.SyncThreads()
		got[i] = th.ActiveMask()
	}))
	for i := range 48 {
		var want uint32
		switch {
		case i%8 == 7:
		case i < 32:
			want = 0x7f7f7f7f
		default:
			want = 0x7f7f // the partial warp: lanes 0..15 exist
		}
		require.Equal(t, want, got[i], "thread %d", i)
	}
}

// TestWarpDeterministic: the same kernel with collectives runs the same way
// every time.
func TestWarpDeterministic(t *testing.T) {
	order := func() []int {
		var log []int
		d := newDevice(t, gocuda.WithWorkers(1))
		require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 96}}, func(th *gocuda.Thread) {
			for r := range 3 {
				log = append(log, th.ThreadIdx.X+100*r)
				gocuda.ShflXorSync(th, gocuda.FullMask, th.ThreadIdx.X, 1, 32)
			}
		}))
		return log
	}
	first := order()
	require.Len(t, first, 3*96)
	require.Equal(t, first, order())
}

// TestActiveMaskConvergence: ActiveMask reports the lanes that reach it
// together: early returners and lanes diverged into other waits are left
// out, and the mask works for the collective that follows, as in CUDA's
// "if (i < n) { m = __activemask(); ... __shfl_down_sync(m, ...) }".
func TestActiveMaskConvergence(t *testing.T) {
	const n = 20 // lanes 20..31 return early
	got := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		i := th.ThreadIdx.X
		if i >= n {
			return 0
		}
		m := th.ActiveMask()
		sum := gocuda.ReduceAddSync(th, m, uint32(i))
		return m ^ sum<<20
	})
	for i := range n {
		require.Equal(t, uint32(1<<n-1)^uint32(n*(n-1)/2)<<20, got[i], "lane %d", i)
	}

	// Lanes 0..7 wait at a block barrier, which cannot complete until the
	// others have passed their ActiveMask: those see lanes 8..31 only.
	diverged := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		var m uint32
		if th.LaneID() >= 8 {
			m = th.ActiveMask()
		}
		th.SyncThreads()
		return m
	})
	for i := 8; i < 32; i++ {
		require.Equal(t, uint32(0xffffff00), diverged[i], "lane %d: lanes 0..7 were waiting at the barrier", i)
	}
}
