package gocuda_test

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestCollectivesSkipExitedLanes: CUDA's collectives take "the non-exited
// threads in mask". Lanes that have returned, and lanes past the end of a
// partial warp, do not hold a collective up and do not count in it. The
// repro of issue 8: a 20-thread block's full-mask ballot and reduction.
func TestCollectivesSkipExitedLanes(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(1))
	ballots, sums := make([]uint32, 20), make([]int32, 20)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 20}}, func(th *gocuda.Thread) {
		ballots[th.LaneID()] = th.BallotSync(gocuda.FullMask, th.LaneID()%3 == 0)
		sums[th.LaneID()] = gocuda.ReduceAddSync(th, gocuda.FullMask, int32(1))
	}))
	for lane := range 20 {
		require.Equal(t, uint32(0b1001001001001001001), ballots[lane], "lane %d", lane) // 0, 3, ..., 18
		require.Equal(t, int32(20), sums[lane], "lane %d", lane)
	}
}

// warpRef computes, for one warp whose lanes in live take part, what CUDA
// documents for each collective: the reference the engine is checked
// against.
type warpRef struct {
	live uint32
	vals [32]uint32
}

func (r warpRef) shfl(lane, src int) uint32 {
	if src < 0 || r.live>>src&1 == 0 {
		return r.vals[lane] // out of the segment: own value; a gone lane: own value (gocuda's choice)
	}
	return r.vals[src]
}

func (r warpRef) ballot(pred func(uint32) bool) uint32 {
	var b uint32
	for m := r.live; m != 0; m &= m - 1 {
		if j := bits.TrailingZeros32(m); pred(r.vals[j]) {
			b |= 1 << j
		}
	}
	return b
}

func (r warpRef) fold(f func(a, b uint32) uint32) uint32 {
	first := bits.TrailingZeros32(r.live)
	acc := r.vals[first]
	for m := r.live & (r.live - 1); m != 0; m &= m - 1 {
		acc = f(acc, r.vals[bits.TrailingZeros32(m)])
	}
	return acc
}

// TestEveryCollectiveOverGoneLanes runs each collective with a full mask
// over warps where some lanes returned first and the last warp is partial,
// against warpRef.
func TestEveryCollectiveOverGoneLanes(t *testing.T) {
	type op struct {
		name string
		run  func(th *gocuda.Thread, v uint32) uint32
		ref  func(r warpRef, lane int) uint32
	}
	odd := func(v uint32) bool { return v%2 == 1 }
	ops := []op{
		{"ShflSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ShflSync(th, gocuda.FullMask, v, 3, 8) },
			func(r warpRef, l int) uint32 { return r.shfl(l, l&^7+3) }},
		{"ShflUpSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ShflUpSync(th, gocuda.FullMask, v, 1, 32) },
			func(r warpRef, l int) uint32 { return r.shfl(l, l-1) }},
		{"ShflDownSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ShflDownSync(th, gocuda.FullMask, v, 2, 32) },
			func(r warpRef, l int) uint32 {
				if l+2 >= 32 {
					return r.vals[l]
				}
				return r.shfl(l, l+2)
			}},
		{"ShflXorSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ShflXorSync(th, gocuda.FullMask, v, 1, 32) },
			func(r warpRef, l int) uint32 { return r.shfl(l, l^1) }},
		{"AnySync", func(th *gocuda.Thread, v uint32) uint32 { return u32(th.AnySync(gocuda.FullMask, v == 7)) },
			func(r warpRef, l int) uint32 { return u32(r.ballot(func(v uint32) bool { return v == 7 }) != 0) }},
		{"AllSync", func(th *gocuda.Thread, v uint32) uint32 { return u32(th.AllSync(gocuda.FullMask, v%5 != 4)) },
			func(r warpRef, l int) uint32 {
				return u32(r.ballot(func(v uint32) bool { return v%5 != 4 }) == r.live)
			}},
		{"BallotSync", func(th *gocuda.Thread, v uint32) uint32 { return th.BallotSync(gocuda.FullMask, odd(v)) },
			func(r warpRef, l int) uint32 { return r.ballot(odd) }},
		{"MatchAnySync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.MatchAnySync(th, gocuda.FullMask, v%3) },
			func(r warpRef, l int) uint32 { return r.ballot(func(v uint32) bool { return v%3 == r.vals[l]%3 }) }},
		{"MatchAllSync", func(th *gocuda.Thread, v uint32) uint32 {
			m, ok := gocuda.MatchAllSync(th, gocuda.FullMask, v/1000)
			return m ^ u32(ok)
		}, func(r warpRef, l int) uint32 { return gocuda.FullMask ^ 1 }},
		{"ReduceAddSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ReduceAddSync(th, gocuda.FullMask, v) },
			func(r warpRef, l int) uint32 { return r.fold(func(a, b uint32) uint32 { return a + b }) }},
		{"ReduceMinSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ReduceMinSync(th, gocuda.FullMask, v) },
			func(r warpRef, l int) uint32 { return r.fold(func(a, b uint32) uint32 { return min(a, b) }) }},
		{"ReduceMaxSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ReduceMaxSync(th, gocuda.FullMask, v) },
			func(r warpRef, l int) uint32 { return r.fold(func(a, b uint32) uint32 { return max(a, b) }) }},
		{"ReduceXorSync", func(th *gocuda.Thread, v uint32) uint32 { return gocuda.ReduceXorSync(th, gocuda.FullMask, v) },
			func(r warpRef, l int) uint32 { return r.fold(func(a, b uint32) uint32 { return a ^ b }) }},
		{"SyncWarp", func(th *gocuda.Thread, v uint32) uint32 { th.SyncWarp(gocuda.FullMask); return v },
			func(r warpRef, l int) uint32 { return r.vals[l] }},
	}
	value := func(i int) uint32 { return uint32(i*7919%97 + 1) }
	for _, n := range []int{1, 20, 32, 45, 120} {
		for _, o := range ops {
			t.Run(fmt.Sprintf("%s/%d", o.name, n), func(t *testing.T) {
				gone := func(i int) bool { return i%5 == 4 } // these return first
				got := make([]uint32, n)
				d := newDevice(t, gocuda.WithWorkers(1))
				require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
					if i := th.ThreadIdx.X; !gone(i) {
						got[i] = o.run(th, value(i))
					}
				}))
				for w := 0; w*32 < n; w++ {
					var r warpRef
					for l := range min(32, n-w*32) {
						r.vals[l] = value(w*32 + l)
						if !gone(w*32 + l) {
							r.live |= 1 << l
						}
					}
					for m := r.live; m != 0; m &= m - 1 {
						l := bits.TrailingZeros32(m)
						require.Equal(t, o.ref(r, l), got[w*32+l], "thread %d", w*32+l)
					}
				}
			})
		}
	}
}

func u32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// TestCollectiveCompletesWhenLastLaneExits: lanes waiting at a collective
// are released when the one lane they still wait for returns instead.
func TestCollectiveCompletesWhenLastLaneExits(t *testing.T) {
	got := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
		lane := th.LaneID()
		if lane > 0 {
			th.SyncWarp(gocuda.FullMask &^ 1) // lane 0 is already waiting below
		}
		if lane == 31 {
			return 0 // lanes 0..30 wait for it below
		}
		return th.BallotSync(gocuda.FullMask, true)
	})
	for lane := range 31 {
		require.Equal(t, uint32(0x7fffffff), got[lane], "lane %d", lane)
	}
}

// TestShflScanPartialWarp ports the warp scan of NVIDIA's shfl_scan sample
// (integral image rows over 120-thread blocks): full-mask __shfl_up_sync
// over a last warp of 24 lanes, warp sums through shared memory, against
// the host's prefix sums.
func TestShflScanPartialWarp(t *testing.T) {
	const block, blocks = 120, 3
	in := make([]int32, block*blocks)
	for i := range in {
		in[i] = int32(i%13) - 4
	}
	out := make([]int32, len(in))
	d := newDevice(t, gocuda.WithWorkers(2))
	err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}, func(th *gocuda.Thread) {
		sums := gocuda.Shared[int32](th, gocuda.WarpSize)
		i := th.BlockIdx.X*block + th.ThreadIdx.X
		lane, warp := th.LaneID(), th.WarpID()
		v := in[i]
		for d := 1; d < gocuda.WarpSize; d *= 2 {
			up := gocuda.ShflUpSync(th, gocuda.FullMask, v, d, gocuda.WarpSize)
			if lane >= d {
				v += up
			}
		}
		if lane == gocuda.WarpSize-1 || th.ThreadIdx.X == block-1 {
			sums[warp] = v
		}
		th.SyncThreads()
		for w := range warp {
			v += sums[w]
		}
		out[i] = v
	})
	require.NoError(t, err)
	for b := range blocks {
		var s int32
		for j := range block {
			s += in[b*block+j]
			require.Equal(t, s, out[b*block+j], "block %d thread %d", b, j)
		}
	}
}
