package compiled_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestDiffAdds checks Diff against x - off computed exactly and clamped
// to the ints' range, and Adds against x + off computed exactly for the
// largest x of [0, n).
func TestDiffAdds(t *testing.T) {
	vals := []int{math.MinInt, math.MinInt + 1, -1000, -1, 0, 1, 31, 1000, math.MaxInt - 1024, math.MaxInt - 1, math.MaxInt}
	clamp := func(z *big.Int) int {
		lo, hi := big.NewInt(math.MinInt), big.NewInt(math.MaxInt)
		switch {
		case z.Cmp(lo) < 0:
			return math.MinInt
		case z.Cmp(hi) > 0:
			return math.MaxInt
		}
		return int(z.Int64())
	}
	for _, x := range vals {
		for _, off := range vals {
			want := clamp(new(big.Int).Sub(big.NewInt(int64(x)), big.NewInt(int64(off))))
			assert.Equal(t, want, compiled.Diff(x, off), "Diff(%d, %d)", x, off)
		}
	}
	for _, off := range vals {
		for _, n := range []int{0, 1, 32, 1024} {
			sum := new(big.Int).Add(big.NewInt(int64(n-1)), big.NewInt(int64(off)))
			want := n == 0 || sum.Cmp(big.NewInt(math.MaxInt)) <= 0 // no x at all, or the largest fits
			assert.Equal(t, want, compiled.Adds(off, n), "Adds(%d, %d)", off, n)
		}
	}
}
