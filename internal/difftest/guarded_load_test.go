package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGuardedScale: a guarded load in a kernel without barriers gives
// the host's values on both paths, where every row is in range, where
// the last rows read past the end (zeros) and where the grid's first
// threads read below it: the launch fails at thread 0 of block 0, with
// Go's message, on both paths.
func TestGuardedScale(t *testing.T) {
	in := portableInput(1000)
	for _, c := range []struct{ n, off int }{{900, 0}, {1000, 0}, {1000, 50}, {3000, 7}} {
		t.Run(fmt.Sprintf("n=%d/off=%d", c.n, c.off), func(t *testing.T) {
			want := make([]float32, c.n)
			for i := range want {
				want[i] = 1.5 * GuardedAt(in, i+c.off)
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, c.n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(c.n, 128)}, Block: gocuda.Dim3{X: 128}},
					GuardedScaleKernel(in, out, 1.5, c.off))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 128}}, func() func(*gocuda.Thread) {
		return GuardedScaleKernel(in, make([]float32, 512), 2, -3)
	})
	for _, e := range errs {
		assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
		assert.Equal(t, gocuda.Dim3{}, e.Block)
		assert.Equal(t, gocuda.Dim3{}, e.Thread)
		assert.Contains(t, fmt.Sprint(e.Value), "index out of range [-3]")
	}
}

// TestGuardedPairs: guarded loads of both forms in a block with shared
// memory, whose first reads both builds run ahead, give the host's
// values with the blocks inside in, running past its end, and starting
// below it (GuardedBoth's -1; GuardedAt's second stream stays in range).
func TestGuardedPairs(t *testing.T) {
	const bd = 64
	for _, c := range []struct{ n, grid, off int }{{1024, 8, 0}, {1000, 8, 0}, {1024, 4, 100}, {1024, 4, -40}} {
		t.Run(fmt.Sprintf("n=%d/off=%d", c.n, c.off), func(t *testing.T) {
			in := portableInput(c.n)
			want := make([]float32, c.grid*bd)
			for b := range c.grid {
				s := make([]float32, bd)
				for k := range s {
					i := c.off + 2*b*bd + k
					s[k] = GuardedBoth(in, i) - GuardedAt(in, i+bd)
				}
				for k := range s {
					want[b*bd+k] = s[bd-1-k]
				}
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, c.grid*bd)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: gocuda.Dim3{X: bd}}, GuardedPairsKernel(in, out, c.off))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestGuardedPast: a helper that tests i <= len(in) is no guarded load:
// where out is longer than in, the launch fails at thread len(in), on
// both paths.
func TestGuardedPast(t *testing.T) {
	in := portableInput(200)
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
		return GuardedPastKernel(in, make([]float32, 256))
	})
	for _, e := range errs {
		assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
		assert.Equal(t, gocuda.Dim3{X: 3}, e.Block)
		assert.Equal(t, gocuda.Dim3{X: 8}, e.Thread)
		assert.Contains(t, fmt.Sprint(e.Value), "index out of range [200] with length 200")
	}
}
