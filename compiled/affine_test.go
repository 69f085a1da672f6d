package compiled_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/gocuda/gocuda/compiled"
)

// TestIndexesIn checks IndexesIn against exact big-integer arithmetic on
// every i of small ranges, and at the ints' edges.
func TestIndexesIn(t *testing.T) {
	want := func(c, d, lo, last, n int) bool {
		for i := lo; i <= last; i++ {
			v := new(big.Int).Mul(big.NewInt(int64(c)), big.NewInt(int64(i)))
			v.Add(v, big.NewInt(int64(d)))
			if v.Sign() < 0 || v.Cmp(big.NewInt(int64(n))) >= 0 {
				return false
			}
			if i == last {
				break
			}
		}
		return true
	}
	for c := -3; c <= 3; c++ {
		for d := -4; d <= 4; d++ {
			for lo := -3; lo <= 3; lo++ {
				for last := lo - 1; last <= 4; last++ {
					for n := 0; n <= 6; n++ {
						if got := compiled.IndexesIn(c, d, lo, last, n); got != want(c, d, lo, last, n) {
							t.Errorf("IndexesIn(%d, %d, %d, %d, %d) = %v", c, d, lo, last, n, got)
						}
					}
				}
			}
		}
	}
	edges := []struct {
		c, d, lo, last, n int
		ok                bool
	}{
		{1, 0, 0, math.MaxInt - 1, math.MaxInt, true},
		{2, 0, 0, math.MaxInt / 2, math.MaxInt, true}, // 2*(MaxInt/2) is MaxInt-1
		{2, 0, 0, math.MaxInt/2 + 1, math.MaxInt, false},
		{1 << 32, 0, 0, 1 << 32, math.MaxInt, false}, // the product wraps
		{1, math.MaxInt, 0, 1, math.MaxInt, false},   // the sum wraps
		{-1, 0, math.MinInt, math.MinInt, math.MaxInt, false},
		{1, -1, 1, 3, 3, true},
	}
	for _, e := range edges {
		if got := compiled.IndexesIn(e.c, e.d, e.lo, e.last, e.n); got != e.ok {
			t.Errorf("IndexesIn(%d, %d, %d, %d, %d) = %v, want %v", e.c, e.d, e.lo, e.last, e.n, got, e.ok)
		}
	}
}
