package compiled_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
)

// TestTreeFold runs a halving tree's loop with TreeFold at the top of
// each trip, as generated code does, against the loop as written (each
// step's threads reading before any writes), for starts, stops, lengths
// and read bounds around the edges: the elements below keep must be the
// loop's bit for bit (float sums of values of mixed magnitudes, whose
// order shows; wrapping integer sums), and a step TreeFold takes must be
// at or above keep and one the loop runs.
func TestTreeFold(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	t.Run("float32", func(t *testing.T) {
		checkTreeFold(t, mixedFloat32(r))
	})
	t.Run("int32", func(t *testing.T) { checkTreeFold(t, func() int32 { return int32(r.Uint32()) }) })
	t.Run("uint32", func(t *testing.T) { checkTreeFold(t, r.Uint32) })
	t.Run("uint8", func(t *testing.T) { checkTreeFold(t, func() uint8 { return uint8(r.Uint32()) }) })
	t.Run("float64", func(t *testing.T) {
		checkTreeFold(t, mixedFloat64(r))
	})
}

// mixedFloat32 returns a generator of float32s of mixed magnitudes and
// signs, whose sums show the order of their additions.
func mixedFloat32(r *rand.Rand) func() float32 {
	return func() float32 { return float32(math.Ldexp(r.Float64()-0.5, r.IntN(40)-20)) }
}

// mixedFloat64 is mixedFloat32 for float64s, over a wider range.
func mixedFloat64(r *rand.Rand) func() float64 {
	return func() float64 { return math.Ldexp(r.Float64()-0.5, r.IntN(80)-40) }
}

// TestTreeFoldOp is TestTreeFold for trees of Go's min and max, over
// values with NaNs and signed zeros among them, whose results show the
// operands' order.
func TestTreeFoldOp(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	specials := []float64{math.NaN(), math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1)}
	f64 := func() float64 {
		if r.IntN(8) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return mixedFloat64(r)()
	}
	for _, op := range []compiled.FoldOp{compiled.FoldMin, compiled.FoldMax} {
		t.Run("float64", func(t *testing.T) { checkTreeFoldOp(t, f64, op) })
		t.Run("int32", func(t *testing.T) { checkTreeFoldOp(t, func() int32 { return int32(r.Uint32()) }, op) })
	}
}

func checkTreeFold[T compiled.Number](t *testing.T, gen func() T) {
	checkTreeFoldOp(t, gen, 0)
}

// checkTreeFoldOp checks TreeFold (op 0) or TreeFoldOp against
// treeLoop.
func checkTreeFoldOp[T compiled.Number](t *testing.T, gen func() T, op compiled.FoldOp) {
	folds := 0
	for s0 := range 80 {
		for _, stop := range []int{-1, 0, 1, 3, 8, 32, s0 / 4, s0 / 2} {
			for _, keep := range []int{0, 1, 2, 5, 32, 64, s0 / 4, s0 / 2} {
				for _, extra := range []int{-1, 0, 3} {
					n := max(2*s0+extra, 0)
					in := make([]T, n)
					for i := range in {
						in[i] = gen()
					}
					want, ok := treeLoop(slices.Clone(in), s0, stop, op, nil)
					got, okFolded := treeLoop(slices.Clone(in), s0, stop, op, func(row []T, s int) int {
						var k int
						if op == 0 {
							k = compiled.TreeFold(row, s, stop, keep)
						} else {
							k = compiled.TreeFoldOp(row, s, stop, keep, op)
						}
						if k > 0 {
							folds++
							require.True(t, k >= max(keep, 1) && k > stop && (k == s/2 || k == s/4), "s=%d stop=%d keep=%d: fold to %d", s, stop, keep, k)
						}
						return k
					})
					require.Equal(t, ok, okFolded, "s0=%d stop=%d keep=%d n=%d: the loop fails in one form only", s0, stop, keep, n)
					for x := range min(max(keep, 1), len(want)) {
						require.True(t, sameBits(want[x], got[x]), "s0=%d stop=%d keep=%d n=%d: element %d: %v, want %v", s0, stop, keep, n, x, got[x], want[x])
					}
				}
			}
		}
	}
	require.Greater(t, folds, 1000, "TreeFold fused too few steps to test it")
}

// sameBits reports whether a and b are the same value, NaNs alike and
// zeros by sign.
func sameBits[T compiled.Number](a, b T) bool {
	return a == b && (a != 0 || math.Signbit(float64(a)) == math.Signbit(float64(b))) || a != a && b != b
}

// treeLoop runs for s := s0; s > stop; s /= 2 { if tid < s { row[tid] +=
// row[tid+s] } } (min or max for += with op) for a block of s0 threads,
// every thread's read of a step before any write, with fold, where set,
// called first in each trip (a positive result k: the steps down to k
// ran; go on from k/2). It reports false where a step reads past row, as
// a kernel's thread would fail.
func treeLoop[T compiled.Number](row []T, s0, stop int, op compiled.FoldOp, fold func([]T, int) int) ([]T, bool) {
	for s := s0; s > stop && s > 0; s /= 2 {
		if fold != nil {
			if k := fold(row, s); k > 0 {
				s = k
				continue
			}
		}
		if 2*s > len(row) {
			return row, false
		}
		next := slices.Clone(row)
		for tid := range s {
			switch op {
			case compiled.FoldMin:
				next[tid] = min(row[tid], row[tid+s])
			case compiled.FoldMax:
				next[tid] = max(row[tid], row[tid+s])
			default:
				next[tid] = row[tid] + row[tid+s]
			}
		}
		row = next
	}
	return row, true
}

// TestTreeSum: TreeSum leaves in row[0] what the tree's loop from s down
// to 1 leaves there, bit for bit, and runs nothing (reporting false)
// where row is shorter than 2·s.
func TestTreeSum(t *testing.T) {
	gen := mixedFloat32(rand.New(rand.NewPCG(5, 6)))
	for s := range 80 {
		for _, extra := range []int{-1, 0, 5} {
			in := make([]float32, max(2*s+extra, 0))
			for i := range in {
				in[i] = gen()
			}
			want, ok := treeLoop(slices.Clone(in), s, 0, 0, nil)
			got := slices.Clone(in)
			require.Equal(t, ok && s > 0, compiled.TreeSum(got, s), "s=%d n=%d", s, len(in))
			if ok && s > 0 {
				require.Equal(t, want[0], got[0], "s=%d n=%d", s, len(in))
			} else {
				require.Equal(t, in, got, "s=%d n=%d: a tree not run changes nothing", s, len(in))
			}
		}
	}
}
