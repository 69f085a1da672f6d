package cg_test

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// The host references for cg::reduce and the scans, from their definitions:
// every thread of a group gets op over all the group's values; a scan gives
// rank r op over ranks 0..r (inclusive) or 0..r-1 (exclusive, with the zero
// value at rank 0).

// An opCase is one of CUDA's operators with a host reference written with
// Go's operators, not with package cg.
type opCase struct {
	name string
	op   func(a, b int32) int32
	ref  func(a, b int32) int32
}

var opCases = []opCase{
	{"plus", cg.Plus[int32], func(a, b int32) int32 { return a + b }},
	{"less", cg.Less[int32], func(a, b int32) int32 { return min(a, b) }},
	{"greater", cg.Greater[int32], func(a, b int32) int32 { return max(a, b) }},
	{"bit_and", cg.BitAnd[int32], func(a, b int32) int32 { return a & b }},
	{"bit_or", cg.BitOr[int32], func(a, b int32) int32 { return a | b }},
	{"bit_xor", cg.BitXor[int32], func(a, b int32) int32 { return a ^ b }},
}

// results is what a thread computes: per operator, reduce, inclusive and
// exclusive scan.
type results [6][3]int32

// collect runs the three collectives with every operator over g.
func collect[G cg.ReduceGroup](g G, v int32) results {
	var r results
	for i, c := range opCases {
		r[i] = [3]int32{cg.Reduce(g, v, c.op), cg.InclusiveScan(g, v, c.op), cg.ExclusiveScan(g, v, c.op)}
	}
	return r
}

// refResults computes every rank's results for the group's values in rank
// order.
func refResults(vals []int32) []results {
	out := make([]results, len(vals))
	for i, c := range opCases {
		total := vals[0]
		for _, v := range vals[1:] {
			total = c.ref(total, v)
		}
		var acc int32
		for r, v := range vals {
			out[r][i][2] = acc // rank 0: the zero value
			if r == 0 {
				acc = v
			} else {
				acc = c.ref(acc, v)
			}
			out[r][i][0], out[r][i][1] = total, acc
		}
	}
	return out
}

// randVals returns n seeded values: small, negative and wide ones, so that
// the bit operators and the sum's wrap-around both matter.
func randVals(seed uint64, n int) []int32 {
	r := rand.New(rand.NewPCG(seed, 99))
	vals := make([]int32, n)
	for i := range vals {
		switch r.IntN(3) {
		case 0:
			vals[i] = int32(r.IntN(200) - 100)
		default:
			vals[i] = int32(r.Uint32())
		}
	}
	return vals
}

var blockSizes = []int{1, 20, 32, 100, 256}

// TestReduceScanTiles: every tile size in blocks of several sizes, partial
// last tiles included (they reduce over the threads they have), with every
// operator, against the host references.
func TestReduceScanTiles(t *testing.T) {
	d := newDevice(t)
	for _, n := range blockSizes {
		for _, size := range []int{1, 2, 4, 8, 16, 32} {
			t.Run(fmt.Sprintf("block=%d/tile=%d", n, size), func(t *testing.T) {
				vals := randVals(uint64(n*100+size), n)
				got := make([]results, n)
				require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
					tile := cg.TiledPartition(cg.ThisThreadBlock(th), size)
					got[th.ThreadIdx.X] = collect(tile, vals[th.ThreadIdx.X])
				}))
				for first := 0; first < n; first += size {
					end := min(first+size, n)
					want := refResults(vals[first:end])
					for r := range want {
						require.Equal(t, want[r], got[first+r], "thread %d (tile at %d, rank %d)", first+r, first, r)
					}
				}
			})
		}
	}
}

// TestReduceScanCoalesced: coalesced groups of random lanes (the others
// return first) in two warps, and whole warps, against the references over
// each warp's group in lane order.
func TestReduceScanCoalesced(t *testing.T) {
	d := newDevice(t)
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 12 {
		masks := [2]uint32{r.Uint32(), r.Uint32() & 0x3fff} // the second warp has 14 lanes
		switch trial {
		case 0:
			masks = [2]uint32{gocuda.FullMask, 0x3fff}
		case 1:
			masks = [2]uint32{1, 1 << 13} // groups of one
		}
		t.Run(fmt.Sprintf("%#x/%#x", masks[0], masks[1]), func(t *testing.T) {
			const n = 46
			vals := randVals(uint64(trial), n)
			got := make([]results, n)
			require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
				if masks[th.WarpID()]&(1<<th.LaneID()) == 0 {
					return
				}
				got[th.ThreadIdx.X] = collect(cg.CoalescedThreads(th), vals[th.ThreadIdx.X])
			}))
			for w, mask := range masks {
				var members []int
				for m := mask; m != 0; m &= m - 1 {
					members = append(members, w*32+bits.TrailingZeros32(m))
				}
				groupVals := make([]int32, len(members))
				for i, th := range members {
					groupVals[i] = vals[th]
				}
				if len(members) == 0 {
					continue
				}
				want := refResults(groupVals)
				for rank, th := range members {
					require.Equal(t, want[rank], got[th], "thread %d (rank %d)", th, rank)
				}
			}
		})
	}
}

// TestReduceFloatOrder: float32 sums, whose result depends on the order of
// the additions, match a host replay of the order CUDA's headers use:
// the XOR butterfly for a tile, the shuffle-down tree for a warp-wide
// coalesced group, and the scan for any other.
func TestReduceFloatOrder(t *testing.T) {
	d := newDevice(t)
	r := rand.New(rand.NewPCG(9, 10))
	vals := make([]float32, 32)
	for i := range vals {
		vals[i] = float32(r.NormFloat64()) * float32(math.Pow(10, float64(r.IntN(8))))
	}
	const partial = 0xdeadbeef
	got := make([][3]float32, 32) // tile of 16, whole warp, partial coalesced
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		got[i][0] = cg.Reduce(cg.TiledPartition(cg.ThisThreadBlock(th), 16), vals[i], cg.Plus)
		got[i][1] = cg.Reduce(cg.CoalescedThreads(th), vals[i], cg.Plus)
		if partial&(1<<i) != 0 {
			got[i][2] = cg.Reduce(cg.CoalescedThreads(th), vals[i], cg.Plus)
		}
	}))
	add := func(a, b float32) float32 { return a + b }
	for i := range 32 {
		base := i &^ 15
		require.Equal(t, math.Float32bits(butterfly(vals[base:base+16], add)[i-base]), math.Float32bits(got[i][0]), "tile, thread %d", i)
		require.Equal(t, math.Float32bits(downTree(vals, add)), math.Float32bits(got[i][1]), "warp, thread %d", i)
	}
	var members []float32
	for m := uint32(partial); m != 0; m &= m - 1 {
		members = append(members, vals[bits.TrailingZeros32(m)])
	}
	want := hillisSteele(members, add)[len(members)-1]
	for m := uint32(partial); m != 0; m &= m - 1 {
		require.Equal(t, math.Float32bits(want), math.Float32bits(got[bits.TrailingZeros32(m)][2]))
	}
}

// butterfly replays CUDA's tile reduction: out = op(out, shfl_xor(out, m)).
func butterfly(vals []float32, op func(a, b float32) float32) []float32 {
	cur := append([]float32(nil), vals...)
	for m := len(vals) / 2; m > 0; m /= 2 {
		next := make([]float32, len(cur))
		for j := range cur {
			next[j] = op(cur[j], cur[j^m])
		}
		cur = next
	}
	return cur
}

// downTree replays CUDA's warp-wide coalesced reduction: rank 0's
// out = op(out, shfl_down(out, offset)).
func downTree(vals []float32, op func(a, b float32) float32) float32 {
	cur := append([]float32(nil), vals...)
	for off := len(vals) / 2; off > 0; off /= 2 {
		next := append([]float32(nil), cur...)
		for j := 0; j+off < len(cur); j++ {
			next[j] = op(cur[j], cur[j+off])
		}
		cur = next
	}
	return cur[0]
}

// hillisSteele replays CUDA's scan: at step i, rank r >= i takes
// op(own, value of rank r-i).
func hillisSteele(vals []float32, op func(a, b float32) float32) []float32 {
	cur := append([]float32(nil), vals...)
	for i := 1; i < len(vals); i *= 2 {
		next := append([]float32(nil), cur...)
		for r := i; r < len(cur); r++ {
			next[r] = op(cur[r], cur[r-i])
		}
		cur = next
	}
	return cur
}

// TestOps: the operators are CUDA's expressions, NaNs included: less keeps
// its first operand unless the second compares smaller.
func TestOps(t *testing.T) {
	nan := math.NaN()
	require.Equal(t, 7, cg.Plus(3, 4))
	require.Equal(t, complex(4, 6), cg.Plus(complex(1, 2), complex(3, 4)))
	require.Equal(t, int8(-3), cg.Less(int8(-3), 5))
	require.Equal(t, uint(9), cg.Greater(uint(2), 9))
	require.True(t, math.IsNaN(cg.Less(nan, 1)))
	require.Equal(t, 1.0, cg.Less(1, nan))
	require.True(t, math.IsNaN(cg.Greater(nan, 1)))
	require.Equal(t, 1.0, cg.Greater(1, nan))
	require.Equal(t, math.Copysign(0, -1), cg.Less(math.Copysign(0, -1), 0), "equal: the first")
	require.Equal(t, uint16(0x0f00), cg.BitAnd(uint16(0xff00), 0x0ff0))
	require.Equal(t, uint16(0xfff0), cg.BitOr(uint16(0xff00), 0x0ff0))
	require.Equal(t, uint16(0xf0f0), cg.BitXor(uint16(0xff00), 0x0ff0))
}

// TestReduceMisuse: a live lane that waits at a block barrier instead of
// joining its tile's reduction deadlocks it (every thread must call); a
// type holding pointers is refused.
func TestReduceMisuse(t *testing.T) {
	d := newDevice(t)
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		if th.ThreadIdx.X == 3 {
			th.SyncThreads()
			return
		}
		cg.Reduce(cg.TiledPartition(cg.ThisThreadBlock(th), 8), 1, cg.Plus)
	})
	var de *gocuda.DeadlockError
	require.True(t, errors.As(err, &de), "got %v", err)
	require.Contains(t, de.Waiting, gocuda.WaitingThread{Thread: gocuda.Dim3{X: 3}, Barrier: "SyncThreads"})

	err = d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		cg.Reduce(cg.TiledPartition(cg.ThisThreadBlock(th), 32), []int{1}, func(a, b []int) []int { return append(a, b...) })
	})
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)
}
