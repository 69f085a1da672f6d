package difftest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// TestLaneRange runs LaneRangeKernel's guarded lane loops with bounds
// inside, at the edges of and far outside a warp's lanes, and checks the
// scan of whole warps against a host reference where every guard admits
// the lane (lim past the warp).
func TestLaneRange(t *testing.T) {
	for _, bs := range warpBlocks {
		for _, lim := range []int{-5, 0, 1, 7, 31, 40, 1 << 40, math.MaxInt, math.MinInt} {
			n := 2*bs - 3
			in := randInts(n)
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, LaneRangeKernel(in, out, lim))
				return out, err
			})
			if lim == 1<<40 && bs%32 == 0 {
				for i := range n {
					require.Equal(t, laneRangeWant(in, i), got[i], "block %d thread %d", bs, i)
				}
			}
		}
	}
}

// laneRangeWant is LaneRangeKernel's result for thread i of a whole warp
// with lim far past its lanes (but not so far that lim+d wraps): the
// warp's inclusive scan, which the second guard leaves, then xor with the
// value two lanes down (the last two lanes' own).
func laneRangeWant(in []int32, i int) int32 {
	w := i &^ 31
	var v [32]int32
	var s int32
	for j := range v {
		if w+j < len(in) {
			s += in[w+j]
		}
		v[j] = s
	}
	lane := i & 31
	down := v[lane]
	if lane+2 < 32 {
		down = v[lane+2]
	}
	return v[lane] ^ down
}

// laneEqualBlocks are LaneEqualKernel's blocks: whole warps in a row, rows
// ending inside a warp, a partial last warp.
var laneEqualBlocks = []gocuda.Dim3{{X: 32, Y: 2}, {X: 7, Y: 5}, {X: 48, Y: 1}, {X: 20, Y: 3}, {X: 1, Y: 33}}

// TestLaneEqual checks LaneEqualKernel against a host reference: in each
// warp, the lane sel picks (if it is one of the warp's) stores its value
// after the butterfly (the warp's sum, in a whole warp), plus its
// coordinates, at its own index.
func TestLaneEqual(t *testing.T) {
	for _, block := range laneEqualBlocks {
		for _, lim := range []int{0, 3, 4, 35, 100, -9} {
			const grid = 2
			size := block.X * block.Y
			n := grid*size - 5
			in := randInts(n)
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				out := make([]int32, grid*size)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, LaneEqualKernel(in, out, lim))
				return out, err
			})
			require.Equal(t, laneEqualWant(in, block, grid, lim), got, "block %v lim %d", block, lim)
		}
	}
}

// laneEqualWant is LaneEqualKernel's output.
func laneEqualWant(in []int32, block gocuda.Dim3, grid, lim int) []int32 {
	size := block.X * block.Y
	out := make([]int32, grid*size)
	for b := range grid {
		for w := 0; w < size; w += 32 {
			cnt := min(32, size-w)
			var v [32]int32
			for l := range cnt {
				if i := b*size + w + l; i < len(in) {
					v[l] = in[i]
				}
			}
			for d := 1; d < 32; d <<= 1 {
				next := v
				for l := range cnt {
					src := l
					if l^d < cnt { // a lane past a partial warp's end: gocuda gives the lane its own value
						src = l ^ d
					}
					next[l] = v[l] + v[src]
				}
				v = next
			}
			if sel := (lim+w/32*7)%40 - 4; sel >= 0 && sel < cnt {
				r := w + sel
				x, y := r%block.X, r/block.X
				out[b*size+r] = v[sel] + int32(100*x+10000*y)
			}
		}
	}
	return out
}

// TestLaneEqualFailure: with out one element short, the last block's
// chosen lane in its last warp fails its store, on both paths at the same
// thread.
func TestLaneEqualFailure(t *testing.T) {
	block := gocuda.Dim3{X: 20, Y: 3} // warps of ranks 0-31 and 32-59
	const grid, lim = 2, 31           // warp 1's sel: (31+7)%40-4 = 34, no lane; warp 0's: 27
	in := randInts(grid * 60)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out := make([]int32, (grid-1)*60+27)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, LaneEqualKernel(in, out, lim))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: 1}, errs[0].Block, "compiled")
	assert.Equal(t, gocuda.Dim3{X: 7, Y: 1}, errs[0].Thread, "compiled: rank 27")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// xMaskCases are XMaskKernel's and XGuardKernel's bounds: inside a warp,
// at its edges, past the block, and offsets whose sums wrap.
var xMaskCases = [][3]int{
	{0, 32, 0}, {5, 20, 0}, {0, 1, 0}, {40, 64, 0}, {3, 3, 0}, {-7, 100, 0}, {10, 45, -3},
	{0, 50, math.MaxInt}, {math.MinInt, 30, math.MinInt + 5}, {math.MaxInt, math.MaxInt, 1},
}

// An xCase is one launch of XMaskKernel or XGuardKernel: two blocks of
// block's shape, and the bounds lo, hi and off of their condition.
type xCase struct {
	block       gocuda.Dim3
	lo, hi, off int
	size, grid  int
	cfg         gocuda.Config
}

// admits reports whether the condition holds for the thread of rank r
// in its block.
func (c xCase) admits(r int) bool { x := r % c.block.X; return x+c.off >= c.lo && x < c.hi }

// eachXCase runs test for every block of laneEqualBlocks and bounds of
// xMaskCases, as a subtest.
func eachXCase(t *testing.T, test func(t *testing.T, c xCase)) {
	for _, block := range laneEqualBlocks {
		for _, b := range xMaskCases {
			c := xCase{block: block, lo: b[0], hi: b[1], off: b[2], size: block.X * block.Y, grid: 2}
			c.cfg = gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: block}
			t.Run(fmt.Sprint(block, b), func(t *testing.T) { test(t, c) })
		}
	}
}

// TestXMask checks XMaskKernel against a host reference, whole-warp rows
// and rows that end inside a warp alike.
func TestXMask(t *testing.T) {
	eachXCase(t, func(t *testing.T, c xCase) {
		in := randInts(c.grid * c.size)
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			out := make([]int32, c.grid*c.size)
			return out, f.launch(c.cfg, XMaskKernel(in, out, c.lo, c.hi, c.off))
		})
		want := slices.Clone(in)
		for b := range c.grid {
			for w := 0; w < c.size; w += 32 {
				var sum int32
				for r := w; r < min(w+32, c.size); r++ {
					if c.admits(r) {
						sum += want[b*c.size+r]
					}
				}
				for r := w; r < min(w+32, c.size); r++ {
					if c.admits(r) {
						want[b*c.size+r] = sum + 1000
					}
				}
			}
		}
		require.Equal(t, want, got)
	})
}

// TestXGuard checks XGuardKernel, a thread loop the compiler narrows to
// the bounds of its guard, against a host reference. Where x plus the
// offset wraps for a thread of the block, the compiled form fails the
// launch with compiled.ErrGuardWraps and the runtime path runs it.
func TestXGuard(t *testing.T) {
	eachXCase(t, func(t *testing.T, c xCase) {
		want := make([]int32, c.grid*c.size)
		for r := range want {
			if c.admits(r % c.size) {
				want[r] = 1
			}
		}
		if !compiled.Adds(c.off, c.block.X) {
			out := make([]int32, c.grid*c.size)
			require.NoError(t, forms[1].launch(c.cfg, XGuardKernel(out, c.lo, c.hi, c.off)), "runtime path")
			require.Equal(t, want, out, "runtime path")
			err := forms[0].launch(c.cfg, XGuardKernel(make([]int32, c.grid*c.size), c.lo, c.hi, c.off))
			require.ErrorIs(t, err, compiled.ErrGuardWraps, "compiled")
			return
		}
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			out := make([]int32, c.grid*c.size)
			return out, f.launch(c.cfg, XGuardKernel(out, c.lo, c.hi, c.off))
		})
		require.Equal(t, want, got)
	})
}
