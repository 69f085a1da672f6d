package difftest

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// pyramidRef is PyramidKernel run by one thread at a time: each step the
// admitted cells take the least of three of the row before plus the
// wall's cost, and only they carry the result to the next step; it
// returns dst.
func pyramidRef(wall, src []int32, steps, validMin, validMax int) []int32 {
	prev, result := append([]int32(nil), src...), make([]int32, splitBlock)
	computed := make([]bool, splitBlock)
	admitted := func(tx, i int) bool {
		return tx >= i+1 && tx <= splitBlock-i-2 && tx >= validMin && tx <= validMax
	}
	for i := range steps {
		for tx := range splitBlock {
			computed[tx] = admitted(tx, i)
			if computed[tx] {
				w, e := max(tx-1, validMin), min(tx+1, validMax)
				result[tx] = min(prev[w], prev[tx], prev[e]) + wall[i*splitBlock+tx]
			}
		}
		if i < steps-1 {
			for tx := range splitBlock {
				if computed[tx] {
					prev[tx] = result[tx]
				}
			}
		}
	}
	dst := make([]int32, splitBlock)
	for tx := range splitBlock {
		if steps > 0 && computed[tx] {
			dst[tx] = result[tx]
		}
	}
	return dst
}

// TestPyramid runs PyramidKernel with valid ranges inside, across,
// beyond and outside the block, and step counts that leave admitted threads and that
// admit none, against pyramidRef.
func TestPyramid(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, c := range []struct{ steps, lo, hi int }{
		{1, 0, splitBlock - 1}, {3, 0, splitBlock - 1}, {5, 10, 40}, {4, -5, 80},
		{2, 30, 20}, {2, 70, 80}, {splitBlock / 2, 0, splitBlock - 1}, {0, 0, splitBlock - 1},
	} {
		wall := make([]int32, max(c.steps, 1)*splitBlock)
		src := make([]int32, splitBlock)
		for i := range wall {
			wall[i] = rng.Int32N(10)
		}
		for i := range src {
			src[i] = rng.Int32N(100)
		}
		got := agree(t, func(f form) ([]int32, error) {
			dst := make([]int32, splitBlock)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: splitBlock}}
			return dst, f.launch(cfg, PyramidKernel(wall, src, dst, c.steps, c.lo, c.hi))
		})
		assert.Equal(t, pyramidRef(wall, src, c.steps, c.lo, c.hi), got, "%+v", c)
	}
}

// TestSplitRows runs SplitRowsKernel on 2D blocks with row ranges that
// admit every row, some, none (an empty range, one past the block) and
// column widths past the block's, against a host reference; then with a
// column stride that takes the admitted threads past out's end, which
// fails at the same line on both forms, and on the compiled one at the
// first admitted thread that goes past it.
func TestSplitRows(t *testing.T) {
	blk := gocuda.Dim3{X: 7, Y: 5}
	n := blk.X * blk.Y
	for _, c := range []struct{ w, lo, hi int }{{7, 0, 4}, {3, 1, 3}, {7, 3, 1}, {9, 5, 9}, {0, 0, 4}, {5, -2, 2}} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: blk}, SplitRowsKernel(out, c.w, c.lo, c.hi, 1))
		})
		want := make([]int32, n)
		vals := make([]int32, n)
		for i := range n {
			tx, ty := i%blk.X, i/blk.X
			vals[i] = int32(-1 - i)
			if ty >= c.lo && ty <= c.hi && tx < c.w {
				vals[i] = int32(ty*100 + tx)
				want[ty*c.w+tx] = vals[i]
			}
		}
		for i := range n {
			want[n-1-i] += vals[i]
		}
		require.Equal(t, want, got, "%+v", c)
	}
	var lines [2]int
	for k, f := range forms {
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: blk}, SplitRowsKernel(make([]int32, n), 7, 2, 4, 6))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		if !f.runtime {
			// Row 2 is the first admitted: 2*7+tx*6 >= 35 first at tx 4.
			assert.Equal(t, gocuda.Dim3{X: 4, Y: 2}, ke.Thread, "the first admitted thread past the end")
		}
		lines[k] = ke.Site.Line
	}
	assert.Equal(t, lines[1], lines[0], "the failing line")
}

// TestSplitStrided runs SplitStridedKernel with ranges inside the block,
// at its edges, empty and past it, against a host reference and the
// runtime path.
func TestSplitStrided(t *testing.T) {
	const block = 48 // at most splitBlock
	for _, c := range []struct{ lo, hi int }{{10, 30}, {0, 20}, {20, 48}, {30, 10}, {-5, 60}} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 2*block)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: block}}, SplitStridedKernel(out, c.lo, c.hi))
		})
		want := make([]int32, 2*block)
		for tx := range block {
			want[2*tx] = int32(tx)
			if tx >= c.lo && tx < c.hi {
				want[2*tx+1] = int32(100 - tx)
			}
		}
		require.Equal(t, want, got, "%+v", c)
	}
}
