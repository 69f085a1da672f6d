package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPeelTileForms: each block's interior threads get the stencil of
// their tile, its first and last threads their own element negated, on
// both paths and as the host computes it, whatever the block's size
// (one and two threads: no interior).
func TestPeelTileForms(t *testing.T) {
	for _, bs := range []int{1, 2, 3, 7, 64, 256} {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("block=%d/n=%d", bs, n), func(t *testing.T) {
				in := randF(n)
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, n)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, PeelTileKernel(in, out))
				})
				for i := range n {
					switch tx := i % bs; {
					case tx == 0 || tx == bs-1:
						require.Equal(t, -in[i], got[i], "element %d", i)
					case i+1 < n:
						require.Equal(t, in[i-1]+2*in[i]+in[i+1], got[i], "element %d", i)
					}
				}
			})
		}
	}
}

// TestPeelShiftForms: each block's tile shifted by two, its first two
// threads storing -1.
func TestPeelShiftForms(t *testing.T) {
	for _, bs := range []int{1, 2, 3, 8, 100} {
		n := 5 * bs
		t.Run(fmt.Sprintf("block=%d", bs), func(t *testing.T) {
			in := randF(n)
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}, PeelShiftKernel(in, out))
			})
			for i := range n {
				want := float32(-1)
				if i%bs >= 2 {
					want = in[i-2]
				}
				require.Equal(t, want, got[i], "element %d", i)
			}
		})
	}
}

// TestPeelEdgesForms: where in has an element on either side of out's,
// every thread from lo on adds its neighbours.
func TestPeelEdgesForms(t *testing.T) {
	const n, bs = 1000, 64
	in := randF(n + 1)
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, n)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, PeelEdgesKernel(in, out, 1))
	})
	for i := 1; i < n; i++ {
		require.Equal(t, in[i-1]+in[i+1], got[i], "element %d", i)
	}
}

// TestPeelEdgesFailure: the grid's first thread, which reads before in,
// fails on both paths where lo is 0 (and in is long enough for the last);
// where in is no longer than out, the last thread does, after the threads
// before it in its block stored their elements.
func TestPeelEdgesFailure(t *testing.T) {
	const n, bs = 1000, 64
	for _, c := range []struct {
		lo, extra     int
		block, thread int
	}{{0, 1, 0, 0}, {1, 0, (n - 1) / bs, (n - 1) % bs}} {
		t.Run(fmt.Sprintf("lo=%d", c.lo), func(t *testing.T) {
			in := randF(n + c.extra)
			var errs [2]*gocuda.KernelError
			for i, f := range forms {
				out := make([]float32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, PeelEdgesKernel(in, out, c.lo))
				require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
				assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
				if !f.runtime && c.lo == 1 {
					for j := (n - 1) / bs * bs; j < n-1; j++ {
						require.Equal(t, in[j-1]+in[j+1], out[j], "element %d", j)
					}
				}
			}
			assert.Equal(t, gocuda.Dim3{X: c.block}, errs[0].Block, "compiled")
			assert.Equal(t, gocuda.Dim3{X: c.thread}, errs[0].Thread, "compiled")
			assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
		})
	}
}

// TestPeelRowsForms: each block's interior gets the five-point stencil
// of its tile, its border its own element, whatever the block's shape.
func TestPeelRowsForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 16, Y: 16}, {X: 5, Y: 3}, {X: 16, Y: 1}, {X: 1, Y: 16}, {X: 8, Y: 4}} {
		t.Run(fmt.Sprint(block), func(t *testing.T) {
			const grid = 3
			w, h := block.X, block.Y
			in := randF(grid * w * h)
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, len(in))
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, PeelRowsKernel(in, out))
			})
			for b := range grid {
				for y := range h {
					for x := range w {
						i := (b*h+y)*w + x
						want := in[i]
						if x > 0 && x < w-1 && y > 0 && y < h-1 {
							want = in[i-w] + in[i+w] + in[i-1] + in[i+1] - 4*in[i]
						}
						require.Equal(t, want, got[i], "block %d, x=%d y=%d", b, x, y)
					}
				}
			}
		})
	}
}

// TestPeelDoubleBufferForms: each row of the block holds the inclusive
// scan of its elements, on both paths and as the host adds them, in
// one-row blocks and in blocks of several rows.
func TestPeelDoubleBufferForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 1}, {X: 3}, {X: 64}, {X: 256}, {X: 16, Y: 4}, {X: 5, Y: 3}} {
		t.Run(fmt.Sprint(block), func(t *testing.T) {
			n := block.X * max(block.Y, 1)
			in := make([]float32, n)
			for i := range in {
				in[i] = float32(i%7) - 3 // small integers: every order of addition is exact
			}
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, n)
				temp := make([]float32, 2*n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: block}, PeelDoubleBufferKernel(in, out, temp))
			})
			for i := range n {
				var want float32
				for j := i - i%block.X; j <= i; j++ {
					want += in[j]
				}
				require.Equal(t, want, got[i], "element %d", i)
			}
		})
	}
}

// TestPeelDoubleBufferFailure: where temp is one element short of the
// last row's second buffer's end, the last thread fails on both paths,
// in the first step (pout 1), and on the compiled path the threads of
// its row before it, which run peeled, stored theirs.
func TestPeelDoubleBufferFailure(t *testing.T) {
	block := gocuda.Dim3{X: 16, Y: 4}
	const short = 1
	n := block.X * block.Y
	in := randF(n)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		temp := make([]float32, 2*n-short)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: block}, PeelDoubleBufferKernel(in, make([]float32, n), temp))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		last := 2 * block.X * (block.Y - 1)
		for tx := 1; !f.runtime && tx < block.X-short; tx++ {
			require.Equal(t, in[n-block.X+tx]+in[n-block.X+tx-1], temp[last+block.X+tx], "%s: thread %d", f.name, tx)
		}
	}
	assert.Equal(t, gocuda.Dim3{X: block.X - short, Y: block.Y - 1}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Thread, errs[0].Thread, "the failing thread")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}
