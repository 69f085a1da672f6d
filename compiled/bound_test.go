package compiled_test

import (
	"math"
	"math/big"
	"math/bits"
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

// TestScaledBounds: every thread's x index (below 1024) that a guard
// k*x < y (k*x <= y) admits, computed as Go computes it, wrapping, lies
// below ScaledBelow(y, k) (ScaledAtMost); and where k is positive and
// small enough not to wrap, exactly those do.
// TestFits checks Fits against off + x computed exactly for the first
// and last x of [from, to), over the int32s' and uint32s' ranges, with
// offsets and bounds at the ints' ends, where the sums would overflow.
func TestFits(t *testing.T) {
	vals := []int{math.MinInt, math.MinInt + 5, math.MinInt32 - 1, math.MinInt32, -1000, -1, 0, 1, 255, 1000,
		math.MaxInt32 - 7, math.MaxInt32, math.MaxInt32 + 1, math.MaxUint32, math.MaxInt - 5, math.MaxInt}
	ranges := [][2]int{{math.MinInt32, math.MaxInt32 + 1}, {0, math.MaxUint32 + 1}, {0, 256}}
	for _, r := range ranges {
		lo, hi := big.NewInt(int64(r[0])), big.NewInt(int64(r[1]))
		for _, off := range vals {
			for _, from := range vals {
				for _, to := range vals {
					want := true
					if from < to {
						first := new(big.Int).Add(big.NewInt(int64(off)), big.NewInt(int64(from)))
						last := new(big.Int).Add(big.NewInt(int64(off)), big.NewInt(int64(to)))
						last.Sub(last, big.NewInt(1))
						want = first.Cmp(lo) >= 0 && last.Cmp(hi) < 0
					}
					assert.Equal(t, want, compiled.Fits(off, from, to, r[0], r[1]), "Fits(%d, %d, %d, %d, %d)", off, from, to, r[0], r[1])
				}
			}
		}
	}
}

func TestScaledBounds(t *testing.T) {
	vals := []int{math.MinInt, -1000, -7, -1, 0, 1, 2, 7, 63, 64, 1000, 1 << 40, math.MaxInt - 1, math.MaxInt}
	for _, y := range vals {
		for _, k := range vals {
			below, atMost := compiled.ScaledBelow(y, k), compiled.ScaledAtMost(y, k)
			exact := k > 0 && k <= math.MaxInt/1024
			for x := range 1024 {
				lt, le := k*x < y, k*x <= y
				if lt != (x < below) && (lt || exact) {
					t.Fatalf("ScaledBelow(%d, %d) = %d: x = %d, k*x < y is %v", y, k, below, x, lt)
				}
				if le != (x < atMost) && (le || exact) {
					t.Fatalf("ScaledAtMost(%d, %d) = %d: x = %d, k*x <= y is %v", y, k, atMost, x, le)
				}
			}
		}
	}
}

// TestScaledOffBounds: as TestScaledBounds, for guards k*x+off < y and
// k*x+off <= y, computed as Go computes them, wrapping; exact where k is
// positive and small enough and off leaves the sum unwrapped.
func TestScaledOffBounds(t *testing.T) {
	vals := []int{math.MinInt, -1000, -7, -1, 0, 1, 2, 7, 64, 1000, 1 << 40, math.MaxInt - 1, math.MaxInt}
	for _, y := range vals {
		for _, k := range []int{math.MinInt, -3, 0, 1, 2, 7, 64, 1 << 40, math.MaxInt} {
			for _, off := range vals {
				below, atMost := compiled.ScaledOffBelow(y, k, off), compiled.ScaledOffAtMost(y, k, off)
				exact := k > 0 && k <= math.MaxInt/1024 && off <= math.MaxInt-k*1024
				for x := range 1024 {
					lt, le := k*x+off < y, k*x+off <= y
					if lt != (x < below) && (lt || exact) {
						t.Fatalf("ScaledOffBelow(%d, %d, %d) = %d: x = %d, k*x+off < y is %v", y, k, off, below, x, lt)
					}
					if le != (x < atMost) && (le || exact) {
						t.Fatalf("ScaledOffAtMost(%d, %d, %d) = %d: x = %d, k*x+off <= y is %v", y, k, off, atMost, x, le)
					}
				}
			}
		}
	}
}

// TestEveryFrom: the loop EveryFrom starts visits, from each first
// thread, every thread below 1024 whose x%m == c holds, as Go computes
// it; and where it reports the guard exact (m positive and not too
// large, c a residue), those alone.
func TestEveryFrom(t *testing.T) {
	for _, m := range []int{math.MinInt, -4, 0, 1, 2, 3, 64, 1000, 1 << 40, math.MaxInt} {
		for _, c := range []int{-1, 0, 1, 2, 63, 999, 1 << 40} {
			for _, from := range []int{0, 1, 5, 64, 1023} {
				start, step, exact := compiled.EveryFrom(from, m, c)
				visited := map[int]bool{}
				for x := start; x < 1024; x += step {
					visited[x] = true
				}
				if want := m > 0 && m <= math.MaxInt/1024 && c >= 0 && c < m; exact != want {
					t.Fatalf("EveryFrom(%d, %d, %d) exact = %v", from, m, c, exact)
				}
				for x := from; x < 1024; x++ {
					admits := m != 0 && x%m == c
					if admits && !visited[x] || exact && visited[x] && !admits {
						t.Fatalf("EveryFrom(%d, %d, %d) = %d, %d: x = %d admitted %v, visited %v", from, m, c, start, step, x, admits, visited[x])
					}
				}
				for x := range visited {
					if x < from {
						t.Fatalf("EveryFrom(%d, %d, %d) visits %d", from, m, c, x)
					}
				}
			}
		}
	}
}

// TestMaskPeriod: where MaskPeriod(m) is a period p, x&m == c and
// x%p == c agree for every thread below 1024 and every c; where it is 0,
// m is no mask of low bits.
func TestMaskPeriod(t *testing.T) {
	for _, m := range []int{math.MinInt, -1, 0, 1, 2, 3, 5, 7, 8, 15, 255, 1023, 1<<40 - 1, math.MaxInt} {
		p := compiled.MaskPeriod(m)
		if p == 0 {
			if m >= 0 && m < math.MaxInt && bits.OnesCount(uint(m)) == bits.Len(uint(m)) {
				t.Fatalf("MaskPeriod(%d) = 0 for a mask of low bits", m)
			}
			continue
		}
		for c := -1; c <= 17; c++ {
			for x := 0; x < 1024; x++ {
				if x&m == c != (x%p == c) {
					t.Fatalf("MaskPeriod(%d) = %d: x = %d, c = %d: x&m == c is %v", m, p, x, c, x&m == c)
				}
			}
		}
	}
}
