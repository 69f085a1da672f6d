package compiled_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestSpan: Span bounds an affine function over its keys from three of
// its values, the least and greatest among every key's; it refuses keys
// in the wrong order, spans of keys or values large enough to wrap, and
// values of no single affine function.
func TestSpan(t *testing.T) {
	for _, c := range []struct{ first, last, a, b int }{
		{0, 19, 20, 0}, {0, 19, -20, 400}, {-3, 5, 7, -2}, {4, 4, 1920, 3}, {0, 1, 0, 9}, {2, 30, 1 << 30, -(1 << 35)},
	} {
		f := func(k int) int { return c.a*k + c.b }
		lo, hi, ok := compiled.Span(c.first, c.last, f(c.first), f(c.first+1), f(c.last))
		assert.True(t, ok, "%+v", c)
		wantLo, wantHi := math.MaxInt, math.MinInt
		for k := c.first; k <= c.last; k++ {
			wantLo, wantHi = min(wantLo, f(k)), max(wantHi, f(k))
		}
		assert.Equal(t, [2]int{wantLo, wantHi}, [2]int{lo, hi}, "%+v", c)
	}
	for name, c := range map[string][5]int{
		"no keys":        {5, 4, 0, 0, 0},
		"not affine":     {0, 4, 0, 1, 16}, // k²
		"key too large":  {0, math.MaxInt, 0, 1, math.MaxInt},
		"too many keys":  {0, 1<<20 + 1, 0, 1, 1<<20 + 1},
		"step too large": {0, 2, 0, 1 << 41, 1 << 42},
		"value too big":  {0, 1, math.MaxInt - 1, math.MaxInt, math.MaxInt},
		"wrapped":        {0, 2, math.MaxInt, math.MinInt, math.MinInt + 1},
	} {
		_, _, ok := compiled.Span(c[0], c[1], c[2], c[3], c[4])
		assert.False(t, ok, name)
	}
}

// TestRowsFit: RowsFit holds exactly where every element of every row
// whose offsets lie in the spans is in range (and left alone by the
// clamp), checked element by element at the spans' ends.
func TestRowsFit(t *testing.T) {
	type fit struct{ from, to, q, n, pl, ph, il, ih, dl, sl int }
	elementwise := func(c fit, clamped bool) bool {
		if c.from >= c.to {
			return false
		}
		for _, p := range []int{c.pl, c.ph} {
			for _, i := range []int{c.il, c.ih} {
				if i < 0 || i > c.sl {
					return false
				}
				for k := c.from; k < c.to; k++ {
					if p+k < 0 || p+k >= c.dl || c.q+k < 0 || c.q+k >= c.sl-i || clamped && c.q+k >= c.n {
						return false
					}
				}
			}
		}
		return true
	}
	for _, c := range []fit{
		{0, 20, 14, 1920, 0, 380, 0, 1920 * 19, 400, 1920 * 20},
		{0, 20, 14, 1920, 0, 380, 0, 1920 * 19, 399, 1920 * 20},
		{0, 20, 1901, 1920, 0, 380, 0, 1920 * 19, 400, 1920 * 20},
		{0, 20, -1, 1920, 0, 380, 0, 1920 * 19, 400, 1920 * 20},
		{0, 20, 14, 1920, -1, 380, 0, 1920 * 19, 400, 1920 * 20},
		{0, 20, 14, 1920, 0, 380, -1920, 1920 * 19, 400, 1920 * 20},
		{0, 20, 14, 1920, 0, 380, 0, 1920 * 19, 400, 1920*20 - 1},
		{2, 6, -2, 4, 0, 0, 0, 0, 8, 8}, {5, 5, 0, 9, 0, 0, 0, 0, 9, 9}, {0, 4, 0, 9, 0, 0, 9, 9, 9, 9},
	} {
		for _, clamped := range []bool{false, true} {
			assert.Equal(t, elementwise(c, clamped), compiled.RowsFit(c.from, c.to, c.q, c.n, c.pl, c.ph, c.il, c.ih, c.dl, c.sl, clamped),
				"%+v clamped=%v", c, clamped)
		}
	}
	assert.False(t, compiled.RowsFit(0, 10, math.MaxInt-5, 0, 0, 0, 0, 0, math.MaxInt, math.MaxInt, false), "q near the top")
	assert.False(t, compiled.RowsFit(math.MinInt, 10, 0, 0, 0, 0, 0, 0, 10, 10, false), "from near the bottom")
}
