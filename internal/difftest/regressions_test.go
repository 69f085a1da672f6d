package difftest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestNamesForms: locals named as the first generation's own names, across
// barriers (issue 15, bug 1).
func TestNamesForms(t *testing.T) {
	for _, bs := range []int{1, 32, 100} {
		in := randInts(3 * bs)
		agree(t, func(f form) ([]int32, error) {
			out := make([]int32, len(in))
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, NamesKernel(in, out))
		})
	}
}

// TestPadForms: a helper with a barrier called with untyped constants and
// a thread-dependent argument (issue 15, bugs 2 and 4).
func TestPadForms(t *testing.T) {
	for _, bs := range []int{1, 7, 64} {
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, 2*bs)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, PadKernel(out))
		})
		for i, v := range got {
			tid := i % bs
			if want := float32((tid+1)%bs) + 1; v != want { // the next thread's index, then 0.5*2 = 1
				t.Fatalf("block size %d: out[%d] = %v, want %v", bs, i, v, want)
			}
		}
	}
}

// TestRelaxForms: a break out of a loop of barriers under a uniform
// condition (issue 15, bug 5).
func TestRelaxForms(t *testing.T) {
	for _, bs := range []int{1, 16, 96} {
		for _, iters := range []int{0, 1, 5} {
			in := randInts(4 * bs)
			agree(t, func(f form) ([]int32, error) {
				grid := append([]int32(nil), in...)
				return grid, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: bs}}, RelaxKernel(grid, iters))
			})
		}
	}
}

// TestShflWidthForms: a shuffle whose operands are kept per lane agrees
// with the runtime path for valid widths, and fails the launch as it does
// for a width that is not a power of two.
func TestShflWidthForms(t *testing.T) {
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}
	for _, width := range []int{1, 4, 32} {
		agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 64)
			return out, f.launch(cfg, ShflWidthKernel(out, width))
		})
	}
	for _, f := range forms {
		err := f.launch(cfg, ShflWidthKernel(make([]int32, 64), 3))
		require.ErrorIs(t, err, gocuda.ErrInvalidValue, f.name)
		assert.Contains(t, err.Error(), "width 3 is not a power of two", f.name)
	}
}

// TestStaleRematForms: values computed from a uniform variable keep the
// value they had when defined after the variable changes, on both paths
// and as the host computes them.
func TestStaleRematForms(t *testing.T) {
	for _, bs := range []int{2, 16, 64} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 2*bs)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, StaleRematKernel(out))
		})
		for i, v := range got {
			tid := i % bs
			offset := tid & (bs/2 - 1)
			var count int32
			for stride := bs / 4; stride > 0; stride >>= 1 {
				if offset >= stride {
					count++
				}
			}
			require.Equal(t, count*100+3*int32(tid%2), v, "block size %d, thread %d", bs, i)
		}
	}
}

// TestOutParamsForms: values written through pointers by a helper keep
// their values across a barrier, on both paths and as the host computes.
func TestOutParamsForms(t *testing.T) {
	const bs = 48
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*bs)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, OutParamsKernel(out))
	})
	for i, v := range got {
		tid := i % bs
		require.Equal(t, int32((tid+1)%bs+1+(tid+1)*2), v, "thread %d", i)
	}
}

// TestPureBoundForms: a loop bound from a pure helper compiles, and both
// forms sum 1..min(n, 7) into every thread's output.
func TestPureBoundForms(t *testing.T) {
	for _, n := range []int{0, 3, 7, 20} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 64)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}, PureBoundKernel(out, n))
		})
		m := int32(min(n, 7))
		for i, v := range got {
			require.Equal(t, m*(m+1)/2, v, "n=%d thread %d", n, i)
		}
	}
}

// TestFuseRematForms: thread 0 returns in every block but the one whose
// w is 1, on both paths and as the host computes it.
func TestFuseRematForms(t *testing.T) {
	const grid, bs = 4, 8
	for _, p := range []int32{-1, 0, 1, 123456} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, grid*bs)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, FuseRematKernel(out, p))
		})
		for i, v := range got {
			b, tx := i/bs, i%bs
			w := p + int32(b)
			want := int32(-1)
			if w == 1 || tx != 0 {
				want = int32(tx+1)*1000 + (w ^ p)
			}
			require.Equal(t, want, v, "p %d, block %d, thread %d", p, b, tx)
		}
	}
}

// TestIdempotentReadForms: every thread reads w before the store that
// changes it, on both paths and as the host computes it.
func TestIdempotentReadForms(t *testing.T) {
	const grid, bs = 4, 8
	for _, p := range []int32{0, 1, 5, -6} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, grid*bs)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, IdempotentReadKernel(out, p))
		})
		for i, v := range got {
			b, tx := i/bs, int32(i%bs)
			a, w := tx, p<<3
			if (int32(b)&^p)&1 == 0 {
				a, w = a^w, p+1
			}
			require.Equal(t, (a+tx)*1000+w, v, "p %d, block %d, thread %d", p, b, tx)
		}
	}
}
