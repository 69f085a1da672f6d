package gocuda_test

import (
	"math/bits"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestActiveMaskFollowsBranches is numba's test_activemask: ActiveMask in
// each arm of an if/else returns that arm's lanes.
func TestActiveMaskFollowsBranches(t *testing.T) {
	got := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		if th.ThreadIdx.X%2 == 0 {
			return th.ActiveMask()
		} else {
			return th.ActiveMask()
		}
	})
	for lane, m := range got {
		want := uint32(0x55555555)
		if lane%2 == 1 {
			want = 0xaaaaaaaa
		}
		require.Equal(t, want, m, "lane %d", lane)
	}
}

// aggInc is the CUDA samples' warp-aggregated atomic increment: the lanes
// converged here elect a leader, which adds their count once, and each lane
// gets its own slot.
//
//go:noinline
func aggInc(th *gocuda.Thread, ctr *atomic.Int32) int32 {
	active := th.ActiveMask()
	leader := bits.TrailingZeros32(active)
	rank := bits.OnesCount32(active & (1<<th.LaneID() - 1))
	var base int32
	if th.LaneID() == leader {
		base = ctr.Add(int32(bits.OnesCount32(active))) - int32(bits.OnesCount32(active))
	}
	return gocuda.ShflSync(th, active, base, leader, gocuda.WarpSize) + int32(rank)
}

// TestWarpAggregatedAtomicsBothArms: one helper, called from both arms of
// an if, sees each arm's lanes apart, so each counter gets 16 and every
// lane a distinct slot.
func TestWarpAggregatedAtomicsBothArms(t *testing.T) {
	var even, odd atomic.Int32
	slots := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		if th.LaneID()%2 == 0 {
			return uint32(aggInc(th, &even))
		}
		return uint32(aggInc(th, &odd))
	})
	require.Equal(t, int32(16), even.Load())
	require.Equal(t, int32(16), odd.Load())
	for lane, s := range slots {
		require.Equal(t, uint32(lane/2), s, "lane %d", lane)
	}
}

// TestActiveMaskSameSiteConverges: lanes reaching one call through one
// chain converge even when they got there at different times (one half
// after a SyncWarp of its own), and a loop's iterations reach the same
// place each time.
func TestActiveMaskSameSiteConverges(t *testing.T) {
	got := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		if th.LaneID() < 16 {
			th.SyncWarp(0x0000ffff)
		}
		var m uint32
		for range 3 {
			m ^= th.ActiveMask()
		}
		return m
	})
	for lane, m := range got {
		require.Equal(t, gocuda.FullMask, m, "lane %d", lane)
	}
}
