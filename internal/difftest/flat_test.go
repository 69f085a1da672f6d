package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// flatConfigs are one-dimensional launch shapes for the flat loops: grids
// of one to many blocks, blocks of one to a few warps. (A launch of more
// dimensions gives several threads each i of a loop over x alone: their
// writes would race.)
var flatConfigs = []gocuda.Config{
	{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 1}},
	{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 32}},
	{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 100}},
	{Grid: gocuda.Dim3{X: 37}, Block: gocuda.Dim3{X: 64}},
}

// TestFlatOffsetForms: every element from base to last is taken by the
// thread CUDA's mapping gives it, on both paths.
func TestFlatOffsetForms(t *testing.T) {
	for _, cfg := range flatConfigs {
		for _, n := range []int{0, 1, 1000, 1 << 14} {
			for _, base := range []int{0, 3} {
				in := randInts(n + base)
				last := n + base - 1 - n/7
				t.Run(fmt.Sprintf("%v/n=%d/base=%d", cfg.Grid, n, base), func(t *testing.T) {
					got := agree(t, func(f form) ([]int32, error) {
						out := make([]int32, len(in))
						return out, f.launch(cfg, FlatOffsetKernel(in, out, base, last))
					})
					threads := cfg.Grid.X * cfg.Block.X
					for i := range got {
						want := int32(0)
						if i >= base && i <= last {
							r := (i - base) % threads
							want = in[i] + int32(r/cfg.Block.X*1000+r%cfg.Block.X)*100
						}
						require.Equal(t, want, got[i], "element %d", i)
					}
				})
			}
		}
	}
}

// TestFlatStepForms: a step of the grid's threads (flat) and steps above
// it (the lockstep form, chosen at run time) agree with the runtime path
// and the host.
func TestFlatStepForms(t *testing.T) {
	for _, cfg := range flatConfigs {
		threads := cfg.Grid.X * cfg.Block.X
		for _, step := range []int{threads, threads + 3, 2 * threads} {
			n := 5*threads + 7
			in := randInts(n)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				return out, f.launch(cfg, FlatStepKernel(in, out, step))
			})
			for i := range got {
				want := int32(0)
				if i%step < threads || step <= threads {
					want = abs32(in[i]*3) + in[max(i-1, 0)]
				}
				require.Equal(t, want, got[i], "%v step %d element %d", cfg.Grid, step, i)
			}
		}
	}
}

// TestFlatCarryForms: a loop whose trips depend on each other keeps each
// thread's trips in order.
func TestFlatCarryForms(t *testing.T) {
	for _, cfg := range flatConfigs {
		threads := cfg.Grid.X * cfg.Block.X
		n := 9*threads + 5
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			return out, f.launch(cfg, FlatCarryKernel(out))
		})
		for i := range got {
			require.Equal(t, int32(i/threads), got[i], "%v element %d", cfg.Grid, i)
		}
	}
}

// TestFlatFailureForms: a flat loop that indexes past its output fails
// the launch on both paths, naming a thread that takes such an index.
func TestFlatFailureForms(t *testing.T) {
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 64}}
	in := randInts(4000)
	for _, f := range forms {
		out := make([]int32, 3000)
		err := f.launch(cfg, FlatOffsetKernel(in, out, 0, len(in)-1))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		assert.Contains(t, err.Error(), "index out of range", f.name)
		first := ke.Block.X*64 + ke.Thread.X
		threads := 8 * 64
		assert.GreaterOrEqual(t, first+(len(in)-1-first)/threads*threads, len(out), "%s: %v takes no index past the output", f.name, err)
	}
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// TestStrideSumSIMD: a lockstep loop whose trips carry a sum agrees
// across the vector steps, the scalar form and the runtime path, and with
// the host, for grids that leave threads idle and tails of every length.
func TestStrideSumSIMD(t *testing.T) {
	for _, cfg := range flatConfigs {
		for _, n := range []int{0, 1, 17, 1000, 1<<13 + 3} {
			in := randInts(n)
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				partial := make([]int32, cfg.Grid.X)
				return partial, f.launch(cfg, StrideSumKernel(in, partial))
			})
			b, threads := cfg.Block.X, cfg.Block.X*cfg.Grid.X
			want := make([]int32, cfg.Grid.X)
			for i, x := range in {
				r := i % (2 * threads) // which thread's trip takes i, first or second of its pair
				w := int32(1)
				if r%(2*b) >= b {
					w, r = 2, r-b
				}
				want[r/(2*b)] += x * w
			}
			require.Equal(t, want, got, "%v n=%d", cfg.Grid, n)
			fin := make([]float32, n)
			for i, x := range in {
				fin[i] = float32(x) / 8
			}
			agreeSIMD(t, func(f form) ([]uint32, error) {
				partial := make([]float32, cfg.Grid.X)
				err := f.launch(cfg, StrideSumKernel(fin, partial))
				return bitsOf(partial), err
			})
		}
	}
}

// TestColumnsForms: a grid body taking its blocks y fastest runs every
// block of two- and three-dimensional grids once, each element written by
// the thread CUDA's mapping gives it.
func TestColumnsForms(t *testing.T) {
	for _, c := range []struct {
		grid, block gocuda.Dim3
		w, h        int
	}{
		{gocuda.Dim3{X: 3, Y: 5, Z: 1}, gocuda.Dim3{X: 4, Y: 4, Z: 1}, 19, 11},
		{gocuda.Dim3{X: 2, Y: 3, Z: 2}, gocuda.Dim3{X: 8, Y: 2, Z: 1}, 6, 16},
		{gocuda.Dim3{X: 7, Y: 1, Z: 3}, gocuda.Dim3{X: 1, Y: 5, Z: 1}, 5, 7},
	} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, c.grid.Z*c.w*c.h)
			return out, f.launch(gocuda.Config{Grid: c.grid, Block: c.block}, ColumnsKernel(out, c.w, c.h))
		})
		for i, v := range got {
			z, x, y := i/(c.w*c.h), i/c.w%c.h, i%c.w
			bx, by, tx, ty := x/c.block.X, y/c.block.Y, x%c.block.X, y%c.block.Y
			want := int32(((z*7+by)*13+bx)*1000 + ty*31 + tx)
			if bx >= c.grid.X || by >= c.grid.Y {
				want = 0
			}
			require.Equal(t, want, v, "%v element %d", c.grid, i)
		}
	}
}
