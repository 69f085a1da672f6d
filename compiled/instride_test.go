package compiled_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestInStride: InStride agrees with exact arithmetic (math/big) on every
// x of small rows, across strides and offsets near the ints' limits,
// where wrapping arithmetic would put an out-of-range index in range.
func TestInStride(t *testing.T) {
	exact := func(stride, off, from, to, n int) bool {
		for x := from; x < to; x++ {
			v := new(big.Int).Mul(big.NewInt(int64(stride)), big.NewInt(int64(x)))
			v.Add(v, big.NewInt(int64(off)))
			if v.Sign() < 0 || v.Cmp(big.NewInt(int64(n))) >= 0 {
				return false
			}
		}
		return true
	}
	strides := []int{0, 1, 2, 3, -1, -2, 64, 1 << 30, -(1 << 30), 1<<30 + 1, -(1 << 30) - 1, math.MaxInt / 2, math.MaxInt/2 + 1, math.MinInt / 2, math.MaxInt, math.MinInt}
	offs := []int{0, 1, -1, 5, -64, 127, 1000, 1 << 30, -(1 << 30), 1<<30 + 1, -(1 << 30) - 1, math.MaxInt, math.MinInt, math.MaxInt - 3, math.MinInt + 3}
	for _, s := range strides {
		for _, off := range offs {
			for _, r := range [][2]int{{0, 0}, {0, 1}, {0, 4}, {1, 3}, {2, 9}, {3, 2}, {1<<30 - 2, 1 << 30}, {1<<30 - 1, 1<<30 + 1}} {
				for _, n := range []int{0, 1, 8, 128, 1 << 20, math.MaxInt} {
					assert.Equal(t, exact(s, off, r[0], r[1], n), compiled.InStride(s, off, r[0], r[1], n),
						"stride %d off %d x in [%d,%d) n %d", s, off, r[0], r[1], n)
				}
			}
		}
	}
}
