package gocuda_test

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// The host reference for shuffles, written from the CUDA C++ Programming
// Guide's description of __shfl*_sync: width splits the warp into segments
// whose lanes are numbered from 0.
func refShfl(vals []uint32, lane, src, width int) uint32 {
	return vals[lane/width*width+src%width]
}

func refShflUp(vals []uint32, lane, delta, width int) uint32 {
	delta &= 31 // shfl.sync reads the offset's low five bits
	if lane%width < delta {
		return vals[lane]
	}
	return vals[lane-delta]
}

func refShflDown(vals []uint32, lane, delta, width int) uint32 {
	delta &= 31
	if lane%width+delta >= width {
		return vals[lane]
	}
	return vals[lane+delta]
}

func refShflXor(vals []uint32, lane, laneMask, width int) uint32 {
	src := lane ^ laneMask&31        // the hardware reads the mask's low five bits
	if src >= (lane/width+1)*width { // later segments are out of reach
		return vals[lane]
	}
	return vals[src]
}

// runWarp launches a single warp of n threads running body and returns each
// lane's result.
func runWarp(t *testing.T, n int, body func(th *gocuda.Thread) uint32) []uint32 {
	t.Helper()
	d := newDevice(t, gocuda.WithWorkers(1))
	got := make([]uint32, n)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		got[th.ThreadIdx.X] = body(th)
	}))
	return got
}

func TestShuffles(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := make([]uint32, 32)
	for i := range vals {
		vals[i] = r.Uint32()
	}
	type shfl struct {
		name string
		call func(*gocuda.Thread, uint32, uint32, int, int) uint32
		ref  func([]uint32, int, int, int) uint32
		args []int
	}
	cases := []shfl{
		{"ShflSync", gocuda.ShflSync[uint32], refShfl, []int{0, 1, 5, 17, 31, 32, 45}},
		{"ShflUpSync", gocuda.ShflUpSync[uint32], refShflUp, []int{0, 1, 2, 7, 16, 31, 32, 33, -1}},
		{"ShflDownSync", gocuda.ShflDownSync[uint32], refShflDown, []int{0, 1, 2, 7, 16, 31, 32, 33, -1}},
		{"ShflXorSync", gocuda.ShflXorSync[uint32], refShflXor, []int{0, 1, 2, 3, 8, 16, 31, 33, 63}},
	}
	for _, c := range cases {
		for _, width := range []int{1, 2, 4, 8, 16, 32} {
			for _, arg := range c.args {
				t.Run(fmt.Sprintf("%s/width=%d/arg=%d", c.name, width, arg), func(t *testing.T) {
					got := runWarp(t, 32, func(th *gocuda.Thread) uint32 {
						return c.call(th, gocuda.FullMask, vals[th.ThreadIdx.X], arg, width)
					})
					for lane := range 32 {
						require.Equal(t, c.ref(vals, lane, arg, width), got[lane], "lane %d", lane)
					}
				})
			}
		}
	}
}

// TestShuffleBitExact: floats move with their exact bits: NaN payloads, -0,
// subnormals.
func TestShuffleBitExact(t *testing.T) {
	f32 := []float32{math.Float32frombits(0x7fc01234), math.Float32frombits(0xffa00001), float32(math.Copysign(0, -1)),
		math.Float32frombits(1), float32(math.Inf(-1))}
	f64 := []float64{math.Float64frombits(0x7ff8_0000_dead_beef), math.Copysign(0, -1), math.Float64frombits(1)}
	d := newDevice(t, gocuda.WithWorkers(1))
	got32 := make([]uint32, 32)
	got64 := make([]uint64, 32)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		got32[i] = math.Float32bits(gocuda.ShflSync(th, gocuda.FullMask, f32[i%len(f32)], i+1, 32))
		got64[i] = math.Float64bits(gocuda.ShflXorSync(th, gocuda.FullMask, f64[i%len(f64)], 1, 32))
	}))
	for i := range 32 {
		require.Equal(t, math.Float32bits(f32[(i+1)%32%len(f32)]), got32[i], "float32 lane %d", i)
		require.Equal(t, math.Float64bits(f64[(i^1)%len(f64)]), got64[i], "float64 lane %d", i)
	}
}

// TestVotesAndMatches checks votes, matches and reductions against host
// computations over random masks and values, in a partial warp too.
func TestVotesAndMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{32, 20} {
		for trial := range 20 {
			exist := uint32(1<<n - 1)
			mask := r.Uint32() & exist
			if trial == 0 {
				mask = exist
			}
			if mask == 0 {
				continue
			}
			preds, vals := make([]bool, 32), make([]uint32, 32)
			for i := range 32 {
				preds[i], vals[i] = r.IntN(2) == 0, uint32(r.IntN(4))*0x1000_0001
			}
			t.Run(fmt.Sprintf("n=%d/mask=%#08x", n, mask), func(t *testing.T) {
				checkVotes(t, n, mask, preds, vals)
			})
		}
	}
}

func checkVotes(t *testing.T, n int, mask uint32, preds []bool, vals []uint32) {
	var ballot, andAll, or, xor, add uint32
	andAll = ^uint32(0)
	minS, maxS, minU, maxU := int32(math.MaxInt32), int32(math.MinInt32), uint32(math.MaxUint32), uint32(0)
	for m := mask; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if preds[j] {
			ballot |= 1 << j
		}
		v := vals[j]
		andAll, or, xor, add = andAll&v, or|v, xor^v, add+v
		minS, maxS, minU, maxU = min(minS, int32(v)), max(maxS, int32(v)), min(minU, v), max(maxU, v)
	}
	type out struct {
		any, all                        bool
		ballot, matchAny, matchAll, and uint32
		allSame                         bool
		or, xor, add, minU, maxU        uint32
		minS, maxS                      int32
	}
	outs := make([]out, n)
	d := newDevice(t, gocuda.WithWorkers(1))
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		if mask&(1<<i) == 0 {
			return
		}
		o := &outs[i]
		o.any, o.all, o.ballot = th.AnySync(mask, preds[i]), th.AllSync(mask, preds[i]), th.BallotSync(mask, preds[i])
		o.matchAny = gocuda.MatchAnySync(th, mask, vals[i])
		o.matchAll, o.allSame = gocuda.MatchAllSync(th, mask, vals[i])
		o.and, o.or, o.xor = gocuda.ReduceAndSync(th, mask, vals[i]), gocuda.ReduceOrSync(th, mask, vals[i]), gocuda.ReduceXorSync(th, mask, vals[i])
		o.add = gocuda.ReduceAddSync(th, mask, vals[i])
		o.minU, o.maxU = gocuda.ReduceMinSync(th, mask, vals[i]), gocuda.ReduceMaxSync(th, mask, vals[i])
		o.minS, o.maxS = gocuda.ReduceMinSync(th, mask, int32(vals[i])), gocuda.ReduceMaxSync(th, mask, int32(vals[i]))
	}))
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		var same uint32
		for k := mask; k != 0; k &= k - 1 {
			if j := bits.TrailingZeros32(k); vals[j] == vals[i] {
				same |= 1 << j
			}
		}
		want := out{any: ballot != 0, all: ballot == mask, ballot: ballot, matchAny: same,
			and: andAll, or: or, xor: xor, add: add, minU: minU, maxU: maxU, minS: minS, maxS: maxS}
		if same == mask {
			want.matchAll, want.allSame = mask, true
		}
		require.Equal(t, want, outs[i], "lane %d", i)
	}
}

// TestWarpShuffleReduction: the classic warp-shuffle block sum, launched
// over whole warps with the threads past n contributing zero, against a host
// sum, for sizes that are and are not multiples of the warp.
func TestWarpShuffleReduction(t *testing.T) {
	d := newDevice(t)
	for _, n := range []int{1, 32, 100, 256, 1000, 1024} {
		in := make([]float64, n)
		var want float64
		for i := range in {
			in[i] = float64(i%17) - 3
			want += in[i]
		}
		threads := (n + 31) / 32 * 32
		var got float64
		require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: threads}}, func(th *gocuda.Thread) {
			partial := gocuda.Shared[float64](th, 32)
			i := th.ThreadIdx.X
			var v float64
			if i < n {
				v = in[i]
			}
			for off := 16; off > 0; off /= 2 {
				v += gocuda.ShflDownSync(th, gocuda.FullMask, v, off, 32)
			}
			if th.LaneID() == 0 {
				partial[th.WarpID()] = v
			}
			th.SyncThreads()
			if i == 0 {
				for _, p := range partial[:threads/32] {
					got += p
				}
			}
		}))
		require.Equal(t, want, got, "n=%d", n)
	}
}
