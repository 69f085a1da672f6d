package difftest

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSegmentsForms runs SegmentsKernel with offsets and divisors that
// segment its rows (one segment per row, several, a segment per thread
// of MinSegment) and that keep the division per thread (negative
// dividends, divisors below MinSegment, negative, near the ints' end),
// against Go's own division.
func TestSegmentsForms(t *testing.T) {
	const n = 700
	for _, off := range []int{0, -5, -300, 1 << 40, math.MaxInt - 2000, math.MinInt + 10} {
		for _, d := range []int{1, 3, 8, 9, 100, 1024, -9, math.MaxInt} {
			for _, bs := range []int{7, 64, 256} {
				e := 37
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, n)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
					return out, f.launch(cfg, SegmentsKernel(out, off, d, e))
				})
				want := make([]int32, n)
				for i := range want {
					x := i + off
					want[i] = int32(x/d)*1000 + int32(x%d) + 7*int32(x%e) - int32(x/e)
				}
				require.Equal(t, want, got, "off %d, d %d, block %d", off, d, bs)
			}
		}
	}
}

// TestSegmentsDivideByZero: a zero divisor fails the launch on both forms
// at the same line, on the compiled one at the block's first thread.
func TestSegmentsDivideByZero(t *testing.T) {
	var lines [2]int
	for k, f := range forms {
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}
		err := f.launch(cfg, SegmentsKernel(make([]int32, 64), 0, 0, 9))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		if !f.runtime {
			assert.Equal(t, gocuda.Dim3{}, ke.Thread, "the first thread")
		}
		lines[k] = ke.Site.Line
	}
	assert.Equal(t, lines[1], lines[0], "the failing line")
}

// TestSegmentRowsForms runs SegmentRowsKernel on 2D blocks whose rows
// start at multiples of w, with divisors that segment them and that do
// not, against a host reference: the threads whose remainder is 3 write
// nothing.
func TestSegmentRowsForms(t *testing.T) {
	blk := gocuda.Dim3{X: 40, Y: 3}
	for _, c := range []struct{ w, d int }{{40, 8}, {13, 16}, {100, 9}, {5, 4}, {0, 11}} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, blk.X*blk.Y)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: blk}, SegmentRowsKernel(out, c.w, c.d))
		})
		want := make([]int32, blk.X*blk.Y)
		for y := range blk.Y {
			for x := range blk.X {
				if idx := y*c.w + x; idx%c.d != 3 {
					want[y*blk.X+x] = int32(idx/c.d) + 1
				}
			}
		}
		require.Equal(t, want, got, "%+v", c)
	}
}

// TestNormalizeForms runs NormalizeKernel over tensors whose rows are
// longer than a block, shorter, and not a multiple of the vector steps,
// against the host: the vector steps, the scalar form and the runtime
// path give the same bits. A weight too short for a row fails the launch
// on both forms at the same line.
func TestNormalizeForms(t *testing.T) {
	for _, c := range []struct{ rows, C, bs int }{{3, 768, 256}, {40, 9, 64}, {7, 100, 32}, {5, 37, 128}} {
		n := c.rows * c.C
		inp, mean, rstd := randF(n), randF(c.rows), randF(c.rows)
		weight, bias := randF(c.C), randF(c.C)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, c.bs)}, Block: gocuda.Dim3{X: c.bs}}
			err := f.launch(cfg, NormalizeKernel(out, inp, mean, rstd, weight, bias, c.C))
			return bitsOf(out), err
		})
		want := make([]float32, n)
		for i := range want {
			bt, ch := i/c.C, i%c.C
			want[i] = rstd[bt]*(inp[i]-mean[bt])*weight[ch] + bias[ch]
		}
		require.Equal(t, bitsOf(want), got, "%+v", c)
	}
	var lines [2]int
	for k, f := range forms {
		const C = 64
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 2 * C}}
		err := f.launch(cfg, NormalizeKernel(make([]float32, 2*C), randF(2*C), randF(2), randF(2), randF(C-1), randF(C), C))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		if !f.runtime {
			assert.Equal(t, gocuda.Dim3{X: C - 1}, ke.Thread, "the first thread past weight's end")
		}
		lines[k] = ke.Site.Line
	}
	assert.Equal(t, lines[1], lines[0], "the failing line")
}
