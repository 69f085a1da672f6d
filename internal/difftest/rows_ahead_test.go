package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRowsAhead: a block's two rows of in read ahead give the host's warp
// sums where every row lies in in, where the last block's second row runs
// past its end (its first warp's part in in, read as written; the rest
// zeros), and where the first block's rows
// start below it: the launch fails at block 0's thread 0, with Go's
// message, on both paths.
func TestRowsAhead(t *testing.T) {
	const bd, grid = 64, 4
	for _, c := range []struct{ n, off int }{{2 * bd * grid, 0}, {2*bd*grid - 22, 0}, {2*bd*grid + 10, 10}} {
		t.Run(fmt.Sprintf("n=%d/off=%d", c.n, c.off), func(t *testing.T) {
			in := finiteInput(c.n)
			want := make([]float32, grid*bd/32)
			for w := range want {
				b, x0 := w/(bd/32), w%(bd/32)*32
				vals := make([]float32, 32)
				for l := range vals {
					i := c.off + 2*b*bd + x0 + l
					vals[l] = StreamAt(in, i) + StreamAt(in, i+bd)
				}
				want[w] = shuffleDownSums(vals, 16)[0]
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, grid*bd/32)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, RowsAheadKernel(in, out, c.off))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
	in := portableInput(2 * bd * grid)
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, func() func(*gocuda.Thread) {
		return RowsAheadKernel(in, make([]float32, grid*bd/32), -3)
	})
	for _, e := range errs {
		assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
		assert.Equal(t, gocuda.Dim3{}, e.Block)
		assert.Equal(t, gocuda.Dim3{}, e.Thread)
		assert.Contains(t, fmt.Sprint(e.Value), "index out of range [-3]")
	}
}

// TestRowsAheadTwice: two lane loops reading the same two rows, read
// ahead once, give the host's values, the last block's second row past
// the end of in in part.
func TestRowsAheadTwice(t *testing.T) {
	const bd, grid = 64, 3
	n := 2*bd*grid - 22
	in := finiteInput(n)
	want := make([]float32, grid*bd)
	for b := range grid {
		sums := make([]float32, bd)
		for tid := range sums {
			i := 2*b*bd + tid
			sums[tid] = StreamAt(in, i) + StreamAt(in, i+bd)
		}
		for tid, v := range sums {
			i := 2*b*bd + tid
			src := v // the warp's last lane shuffles its own value
			if tid%32 != 31 {
				src = sums[tid+1]
			}
			want[b*bd+tid] = v + src - StreamAt(in, i) - StreamAt(in, i+bd)
		}
	}
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, grid*bd)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, RowsAheadTwiceKernel(in, out))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(want), got)
}

// TestRowsAheadMasked: the rows read ahead by a lane loop under a mask of
// the lanes (the first 16 of each warp, which shuffle among themselves
// before the warp's sum) give the host's warp sums, in
// whole warps, where the last block's second row runs past the end of in,
// and in a block of two rows of threads, whose warps take no whole
// warp's code (the block is not one-dimensional).
func TestRowsAheadMasked(t *testing.T) {
	const bd, grid = 64, 4
	for _, c := range []struct {
		n, rows int
	}{{2 * bd * grid, 1}, {2*bd*grid - 22, 1}, {2 * bd * grid, 2}} {
		t.Run(fmt.Sprintf("n=%d/rows=%d", c.n, c.rows), func(t *testing.T) {
			in := finiteInput(c.n)
			want := make([]float32, grid*bd/32)
			for w := range want {
				b, x0 := w/(bd/32), w%(bd/32)*32
				pairs, vals := make([]float32, 16), make([]float32, 32)
				for l := range pairs {
					i := 2*b*bd + x0 + l
					pairs[l] = StreamAt(in, i) + StreamAt(in, i+bd)
				}
				for l, p := range pairs {
					vals[l] = p + pairs[min(l+1, 15)] // lane 15's source lies past the shuffle's width: its own
				}
				want[w] = shuffleDownSums(vals, 16)[0]
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, grid*bd/32)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd, Y: c.rows}}
				err := f.launch(cfg, RowsAheadMaskedKernel(in, out)) // a second row of threads writes what the first does
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}
