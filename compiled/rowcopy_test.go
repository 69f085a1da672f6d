package compiled_test

import (
	"math"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestRowCopy: the part of a row that copies is exactly the keys whose
// indexes are in range (and, clamped, left alone by the clamp), checked
// key by key; operands that could wrap give no part.
func TestRowCopy(t *testing.T) {
	for _, c := range []struct{ from, to, p, q, n, dl, sl int }{
		{0, 20, 0, -2, 16, 400, 16}, {0, 20, 40, 14, 30, 400, 30}, {3, 9, 0, 0, 5, 9, 100},
		{0, 8, -3, 0, 8, 8, 8}, {0, 10, 0, 0, 0, 10, 10}, {5, 5, 0, 0, 9, 9, 9}, {0, 12, 0, 4, 16, 12, 10},
	} {
		for _, clamped := range []bool{false, true} {
			lo, hi, ok := compiled.RowCopy(c.from, c.to, c.p, c.q, c.n, c.dl, c.sl, clamped)
			var want []int
			for k := c.from; k < c.to; k++ {
				in := c.p+k >= 0 && c.p+k < c.dl && c.q+k >= 0 && c.q+k < c.sl
				if clamped {
					in = in && c.q+k < c.n
				}
				if in {
					want = append(want, k)
				}
			}
			var got []int
			for k := lo; ok && k < hi; k++ {
				got = append(got, k)
			}
			assert.Equal(t, want, got, "%+v clamped=%v", c, clamped)
		}
	}
	for _, big := range []int{math.MaxInt, math.MinInt, math.MaxInt - 5} {
		_, _, ok := compiled.RowCopy(0, 10, big, 0, 10, 10, 10, false)
		assert.False(t, ok, "p=%d", big)
		_, _, ok = compiled.RowCopy(0, 10, 0, big, 10, 10, 10, true)
		assert.False(t, ok, "q=%d", big)
	}
	if bits.UintSize == 64 { // operands reach ±2^40 exclusive
		_, _, ok := compiled.RowCopy(-(1<<40)+1, 10, 0, 0, 10, 10, 10, false)
		assert.True(t, ok, "from just inside the limit")
		_, _, ok = compiled.RowCopy(-(1 << 40), 10, 0, 0, 10, 10, 10, false)
		assert.False(t, ok, "from at the limit")
		_, _, ok = compiled.RowCopy(0, 1<<40, 0, 0, 10, 10, 10, false)
		assert.False(t, ok, "to at the limit")
	}
}

// TestDisjoint: slices of one array overlap where their elements do.
func TestDisjoint(t *testing.T) {
	a := make([]float32, 100)
	assert.True(t, compiled.Disjoint(a[:10], a[10:20]))
	assert.True(t, compiled.Disjoint(a[10:20], a[:10]))
	assert.False(t, compiled.Disjoint(a[:11], a[10:20]))
	assert.False(t, compiled.Disjoint(a[15:16], a[10:20]))
	assert.True(t, compiled.Disjoint(a[:0], a))
	assert.True(t, compiled.Disjoint(a, make([]float32, 5)))
}
