package compiled_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
)

// TestSweepFold runs UpSweep3 and DownSweep3 against the three steps of
// the sweeps they stand for, as written (each step's threads one after
// another), for steps d around the edges and slices of every length
// around theirs: where they run, every element must be the steps' bit
// for bit (float sums of values of mixed magnitudes, whose order shows;
// wrapping integer sums); where they do not (d not a positive multiple
// of 4 up, not positive down, the slice too short), the slice must be
// left as it was.
func TestSweepFold(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	t.Run("float32", func(t *testing.T) { checkSweepFold(t, mixedFloat32(r)) })
	t.Run("int32", func(t *testing.T) { checkSweepFold(t, func() int32 { return int32(r.Uint32()) }) })
	t.Run("uint8", func(t *testing.T) { checkSweepFold(t, func() uint8 { return uint8(r.Uint32()) }) })
	t.Run("float64", func(t *testing.T) { checkSweepFold(t, mixedFloat64(r)) })
}

// TestSweepFoldOp is TestSweepFold for sweeps of Go's min and max.
func TestSweepFoldOp(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, op := range []compiled.FoldOp{compiled.FoldMin, compiled.FoldMax} {
		t.Run("float64", func(t *testing.T) { checkSweepFoldOp(t, mixedFloat64(r), op) })
		t.Run("int32", func(t *testing.T) { checkSweepFoldOp(t, func() int32 { return int32(r.Uint32()) }, op) })
	}
}

func checkSweepFold[T compiled.Number](t *testing.T, gen func() T) {
	checkSweepFoldOp(t, gen, 0)
}

// checkSweepFoldOp checks UpSweep3 and DownSweep3 (op 0), or their Op
// forms, against sweepSteps.
func checkSweepFoldOp[T compiled.Number](t *testing.T, gen func() T, op compiled.FoldOp) {
	upSweep, downSweep := compiled.UpSweep3[T], compiled.DownSweep3[T]
	if op != 0 {
		upSweep = func(row []T, d int) bool { return compiled.UpSweep3Op(row, d, op) }
		downSweep = func(row []T, d int) bool { return compiled.DownSweep3Op(row, d, op) }
	}
	ran := [2]int{}
	for d := -1; d <= 40; d++ {
		for n := max(0, 2*d-9); n <= 8*d+9; n++ {
			row := make([]T, n)
			for i := range row {
				row[i] = gen()
			}
			up := slices.Clone(row)
			if upSweep(up, d) {
				ran[0]++
				require.True(t, d >= 4 && d%4 == 0 && n >= 2*d, "UpSweep3 ran for d %d, length %d", d, n)
				require.Equal(t, sweepSteps(row, d, 1, false, op), up, "UpSweep3: d %d, length %d", d, n)
			} else {
				require.False(t, d >= 4 && d%4 == 0 && n >= 2*d, "UpSweep3 did not run for d %d, length %d", d, n)
				require.Equal(t, row, up, "UpSweep3 changed the slice without running")
			}
			down := slices.Clone(row)
			if downSweep(down, d) {
				ran[1]++
				require.True(t, d >= 1 && n >= 8*d, "DownSweep3 ran for d %d, length %d", d, n)
				require.Equal(t, sweepSteps(row, d, 8, true, op), down, "DownSweep3: d %d, length %d", d, n)
			} else {
				require.False(t, d >= 1 && n >= 8*d, "DownSweep3 did not run for d %d, length %d", d, n)
				require.Equal(t, row, down, "DownSweep3 changed the slice without running")
			}
		}
	}
	require.Positive(t, ran[0])
	require.Positive(t, ran[1])
}

// sweepSteps runs three trips of a sweep from step d and offset on a
// copy of row, as the kernel writes them: the up-sweep's trips halve d
// and double the offset after their step, the down-sweep's halve the
// offset before theirs and double d after; their steps add, or apply op.
func sweepSteps[T compiled.Number](row []T, d, offset int, down bool, op compiled.FoldOp) []T {
	temp := slices.Clone(row)
	apply := func(a, b T) T {
		switch op {
		case compiled.FoldMin:
			return min(a, b)
		case compiled.FoldMax:
			return max(a, b)
		}
		return a + b
	}
	for range 3 {
		if down {
			offset >>= 1
		}
		for thid := range d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			if down {
				y := temp[ai]
				temp[ai] = temp[bi]
				temp[bi] = apply(temp[bi], y)
			} else {
				temp[bi] = apply(temp[bi], temp[ai])
			}
		}
		if down {
			d *= 2
		} else {
			d >>= 1
			offset *= 2
		}
	}
	return temp
}
