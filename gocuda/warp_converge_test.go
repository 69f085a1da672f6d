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

// TestActiveMaskReconvergesAfterIf: lanes that skip an if wait after it
// for those in it, so an ActiveMask after the if sees the whole warp, and
// one inside sees the if's lanes. An NVIDIA H200 gives exactly these
// masks for this kernel, 64 and 48 threads
// (internal/compile/fuzz/testdata/activemask_h200.txt).
func TestActiveMaskReconvergesAfterIf(t *testing.T) {
	for _, n := range []int{64, 48} {
		var inner, after [64]uint32
		runWarp(t, n, func(th *gocuda.Thread) uint32 {
			i := th.ThreadIdx.X
			if th.LaneID()%3 == 1 {
				inner[i] = th.ActiveMask()
			}
			after[i] = th.ActiveMask()
			return 0
		})
		for i := range n {
			warpLanes := min(n-i/32*32, 32)
			require.Equal(t, uint32(1<<warpLanes-1), after[i], "%d threads, thread %d after", n, i)
			if i%32%3 == 1 {
				require.Equal(t, uint32(0x92492492)&(1<<warpLanes-1), inner[i], "%d threads, thread %d inner", n, i)
			}
		}
	}
}

// TestActiveMaskReconvergesAfterLoop: lanes leaving a loop early wait at
// the ActiveMask after it for the lanes still looping, whose ActiveMask in
// the loop sees only the lanes still in it. An NVIDIA H200 gives exactly
// these masks (eeeeeeee, cccccccc, 88888888, then ffffffff:
// internal/compile/fuzz/testdata/activemask_h200.txt).
func TestActiveMaskReconvergesAfterLoop(t *testing.T) {
	var inLoop [32][32]uint32
	after := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		lane := th.LaneID()
		for k := 0; k < lane%4; k++ {
			inLoop[lane][k] = th.ActiveMask()
		}
		return th.ActiveMask()
	})
	for lane, m := range after {
		require.Equal(t, gocuda.FullMask, m, "lane %d after the loop", lane)
		for k := 0; k < lane%4; k++ {
			var want uint32 // the lanes with more than k trips
			for l := range 32 {
				if l%4 > k {
					want |= 1 << l
				}
			}
			require.Equal(t, want, inLoop[lane][k], "lane %d, trip %d", lane, k)
		}
	}
}
