package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRebaseStencilForms: the interior of the array gets the stencil, on
// both paths and as the host computes it; rows at the array's ends, whose
// offsets leave the slice, run the usual loop.
func TestRebaseStencilForms(t *testing.T) {
	for _, bs := range []int{1, 7, 64, 256} {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("block=%d/n=%d", bs, n), func(t *testing.T) {
				in := randF(n)
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, n)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, RebaseStencilKernel(in, out))
				})
				for i := 1; i < n-1; i++ {
					require.Equal(t, in[i-1]+2*in[i]+in[i+1], got[i], "element %d", i)
				}
			})
		}
	}
}

// TestRebase2DForms: every element of the image is written by the thread
// CUDA's mapping gives it, and the padding of each row is left alone.
func TestRebase2DForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 16, Y: 4}, {X: 8, Y: 8}, {X: 5, Y: 3}, {X: 32, Y: 1, Z: 2}} {
		for _, wh := range [][2]int{{1, 1}, {17, 5}, {64, 9}, {100, 37}} {
			w, h, pitch := wh[0], wh[1], wh[0]+3
			t.Run(fmt.Sprintf("%v/%dx%d", block, w, h), func(t *testing.T) {
				in := randF(h * pitch)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(w, block.X), Y: blocks(h, block.Y)}, Block: block}
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, h*pitch)
					for i := range out {
						out[i] = -1
					}
					return out, f.launch(cfg, Rebase2DKernel(in, out, w, h, pitch))
				})
				for y := range h {
					for x := range pitch {
						want := int32(-1)
						if x < w {
							want = int32(in[y*pitch+x]*3) + int32(y%block.Y*100+x%block.X)*1000
						}
						require.Equal(t, want, got[y*pitch+x], "x=%d y=%d", x, y)
					}
				}
			})
		}
	}
}

// TestRebaseShortFailure: where in is shorter than out, the row that
// reaches past its end runs the usual loop, and the launch fails at the
// first thread past the end, after the threads before it in its block
// stored their elements.
func TestRebaseShortFailure(t *testing.T) {
	const n, short, bs = 1000, 777, 256
	in := randF(short)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, RebaseShortKernel(in, out))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		if !f.runtime {
			for j := short / bs * bs; j < short; j++ {
				require.Equal(t, in[j]*2, out[j], "element %d", j)
			}
		}
	}
	assert.Equal(t, gocuda.Dim3{X: short / bs}, errs[0].Block, "compiled")
	assert.Equal(t, gocuda.Dim3{X: short % bs}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// TestRebaseGridStrideForms: a grid-stride SAXPY, flat and in lockstep,
// agrees with the runtime path and the host.
func TestRebaseGridStrideForms(t *testing.T) {
	for _, cfg := range flatConfigs {
		for _, n := range []int{0, 1, 1000, 1 << 14} {
			t.Run(fmt.Sprintf("%v/n=%d", cfg.Grid, n), func(t *testing.T) {
				x, y0 := randF(n), randF(n)
				got := agree(t, func(f form) ([]float32, error) {
					y := append([]float32(nil), y0...)
					return y, f.launch(cfg, RebaseGridStrideKernel(3, x, y))
				})
				for i := range n {
					require.Equal(t, 3*x[i]+y0[i], got[i], "element %d", i)
				}
			})
		}
	}
}

// TestRebaseRowForms: a guard on the thread's y alone runs one row of the
// grid, whatever the block's shape.
func TestRebaseRowForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 8, Y: 4}, {X: 3, Y: 5, Z: 2}, {X: 32, Y: 1}} {
		for _, row := range []int{0, 6, 11} {
			t.Run(fmt.Sprintf("%v/row=%d", block, row), func(t *testing.T) {
				const n = 21
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, block.X), Y: 12 / block.Y}, Block: block}
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, n)
					return out, f.launch(cfg, RebaseRowKernel(out, row))
				})
				for x := range n {
					want := int32(0)
					if row < 12/block.Y*block.Y {
						want = int32(row*1000 + row%block.Y)
					}
					require.Equal(t, want, got[x], "out[%d]", x)
				}
			})
		}
	}
}

// TestRebaseGuarded: each thread past the guard reads in[i-k], the others
// store -1, for guards at, inside and past the block's threads; a negative
// k reads past the end of in, and a guard too weak before the start of
// in, where the first such thread fails on both paths.
func TestRebaseGuarded(t *testing.T) {
	const bs = 64
	in := randF(bs)
	for _, k := range []int{0, 1, 5, 63, 64, 200} {
		for _, lo := range []int{0, 2} {
			t.Run(fmt.Sprintf("k=%d/lo=%d", k, lo), func(t *testing.T) {
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, 2*bs)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, RebaseGuardedKernel(in, out, k, lo))
				})
				for j, v := range got {
					want := float32(-1)
					if i := j % bs; i >= k+lo {
						want = in[i-k] * 2
					}
					require.Equal(t, want, v, "element %d", j)
				}
			})
		}
	}
	for _, c := range []struct{ k, lo, thread int }{{-3, 0, bs - 3}, {5, -3, 2}} {
		for _, f := range forms {
			out := make([]float32, 2*bs)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, RebaseGuardedKernel(in, out, c.k, c.lo))
			var ke *gocuda.KernelError
			require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
			assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
			assert.Equal(t, c.thread, ke.Thread.X, "%s k=%d lo=%d: the first thread out of range", f.name, c.k, c.lo)
		}
	}
}

// rebaseTileHost is what RebaseTileKernel stores for blocks of bx×by
// threads with r = k = 0, computed on the host: each block's column sums
// in its first row of threads, the tree's partial sums below them.
func rebaseTileHost(in []float32, bx, by int) []float32 {
	out := make([]float32, len(in))
	for b := 0; b < len(in)/(bx*by); b++ {
		var tile [rebaseTileH][rebaseTileW]float32
		for y := range by {
			for x := range bx {
				tile[y][x] = in[(b*by+y)*bx+x]
			}
		}
		for s := 1; s < by; s *= 2 {
			for y := 0; y+s < by; y += 2 * s {
				for x := range bx {
					tile[y][x] += tile[y+s][x]
				}
			}
		}
		for y := range by {
			for x := range bx {
				out[(b*by+y)*bx+x] = tile[y][x]
			}
		}
	}
	return out
}

// TestRebaseTileForms: a tree over the rows of a shared 2D tile, whose
// rows rebase (in the rows pass) reslices, agrees with the runtime path and the
// host, for blocks narrower than the tile and as wide.
func TestRebaseTileForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 8, Y: 8}, {X: 5, Y: 3}, {X: 1, Y: 8}, {X: 8, Y: 1}, {X: 3, Y: 6}} {
		t.Run(fmt.Sprintf("%v", block), func(t *testing.T) {
			const grid = 5
			in := randF(grid * block.X * block.Y)
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, len(in))
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, RebaseTileKernel(in, out, 0, 0))
			})
			assert.Equal(t, rebaseTileHost(in, block.X, block.Y), got)
		})
	}
}

// TestRebaseTileFailure: a thread whose row or column of the tile is
// past its end fails, and the compiled form reports the first such
// thread in the block's order: the rows before it run resliced, the
// failing row the usual way.
func TestRebaseTileFailure(t *testing.T) {
	block := gocuda.Dim3{X: 5, Y: 8}
	for _, c := range []struct {
		r, k   int
		thread gocuda.Dim3
	}{
		{r: 3, k: 0, thread: gocuda.Dim3{X: 0, Y: 6}}, // row 6+3 = 9: past the 9 rows
		{r: 0, k: 4, thread: gocuda.Dim3{X: 4, Y: 0}}, // column 4+4 = 8
		{r: 1, k: 5, thread: gocuda.Dim3{X: 3, Y: 0}}, // column 3+5 = 8
	} {
		t.Run(fmt.Sprintf("r=%d/k=%d", c.r, c.k), func(t *testing.T) {
			in := randF(2 * block.X * block.Y)
			var errs [2]*gocuda.KernelError
			for i, f := range forms {
				out := make([]float32, len(in))
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: block}, RebaseTileKernel(in, out, c.r, c.k))
				require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
				assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
			}
			assert.Equal(t, c.thread, errs[0].Thread, "compiled: the first thread out of range")
			assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
		})
	}
}

// TestRebasePartial: a gather through data-dependent indexes, the rest of
// the loop rebased, agrees with the host; an index past the table fails
// at the first thread that reads it (compiled), after the threads before
// it in its block stored their elements.
func TestRebasePartial(t *testing.T) {
	const n, bs = 1000, 128
	tab := randF(64)
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(i*7) % int32(len(tab))
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, n)
		return out, f.launch(cfg, RebasePartialKernel(idx, tab, out))
	})
	for i := range n {
		require.Equal(t, tab[idx[i]]+float32(idx[i]), got[i], "element %d", i)
	}
	const bad = 300
	idx[bad], idx[bad+5] = int32(len(tab)), -1
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out := make([]float32, n)
		err := f.launch(cfg, RebasePartialKernel(idx, tab, out))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		if !f.runtime {
			for j := bad / bs * bs; j < bad; j++ {
				require.Equal(t, tab[idx[j]]+float32(idx[j]), out[j], "element %d", j)
			}
		}
	}
	assert.Equal(t, gocuda.Dim3{X: bad / bs}, errs[0].Block, "compiled")
	assert.Equal(t, gocuda.Dim3{X: bad % bs}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// TestRebaseLocal: a copy through a local index agrees with the host, and
// where in ends early the compiled form fails at the first thread past
// its end.
func TestRebaseLocal(t *testing.T) {
	const n, bs, off = 1000, 128, 7
	in := randF(n + off)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, n)
		return out, f.launch(cfg, RebaseLocalKernel(in, out, off))
	})
	for i := range n {
		require.Equal(t, in[i+off]*2, got[i], "element %d", i)
	}
	const short = 950 // threads 943 on fail: the last block's alone
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		err := f.launch(cfg, RebaseLocalKernel(in[:short], make([]float32, n), off))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: (short - off) / bs}, errs[0].Block, "compiled")
	assert.Equal(t, gocuda.Dim3{X: (short - off) % bs}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// TestRebaseClampRowsForms: each element gets its column's clamped
// neighbours on both paths, as the host computes them.
func TestRebaseClampRowsForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 16, Y: 4}, {X: 5, Y: 3}, {X: 32, Y: 1, Z: 2}} {
		for _, wh := range [][2]int{{1, 1}, {17, 5}, {64, 9}} {
			w, h := wh[0], wh[1]
			t.Run(fmt.Sprintf("%v/%dx%d", block, w, h), func(t *testing.T) {
				in := randF(w * h)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(w, block.X), Y: blocks(h, block.Y)}, Block: block}
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, w*h)
					return out, f.launch(cfg, RebaseClampRowsKernel(in, out, w, h))
				})
				for y := range h {
					for x := range w {
						want := in[max(y-1, 0)*w+x] + in[y*w+x] + in[min(y+1, h-1)*w+x]
						require.Equal(t, want, got[y*w+x], "x=%d y=%d", x, y)
					}
				}
			})
		}
	}
}

// TestRebaseGridStrideFailure: a grid-stride SAXPY whose x is one element
// short fails at the one iteration past its end, on both paths named by
// the thread CUDA's mapping gives that iteration: in the flat form, whose
// chunk's rows run as one row, from the row's x.
func TestRebaseGridStrideFailure(t *testing.T) {
	for _, cfg := range flatConfigs {
		for _, n := range []int{1, 1000, 1 << 14} {
			t.Run(fmt.Sprintf("%v/%v/n=%d", cfg.Grid, cfg.Block, n), func(t *testing.T) {
				x := randF(n - 1)
				bs, threads := cfg.Block.X, cfg.Grid.X*cfg.Block.X
				i := n - 1
				for _, f := range forms {
					err := f.launch(cfg, RebaseGridStrideKernel(2, x, make([]float32, n)))
					var ke *gocuda.KernelError
					require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
					assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
					assert.Equal(t, gocuda.Dim3{X: i % threads / bs}, ke.Block, f.name)
					assert.Equal(t, gocuda.Dim3{X: i % bs}, ke.Thread, f.name)
				}
			})
		}
	}
}
