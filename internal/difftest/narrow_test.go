package difftest

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// TestNarrowSAXPY: SAXPY with an int32 index gives the host's results
// on every path, in blocks whole and cut by the end of x.
func TestNarrowSAXPY(t *testing.T) {
	const bs = 64
	for _, n := range sizes {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			x, y0 := portableInput(n), portableInput(n + 3)[3:]
			want := make([]float32, n)
			for i := range want {
				want[i] = 1.5*x[i] + y0[i]
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				y := append([]float32(nil), y0...)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, NarrowSAXPYKernel(1.5, x, y))
				return bitsOf(y), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestNarrowReturn: a uint32 index from a base, past n returning early,
// writes the host's elements and no others.
func TestNarrowReturn(t *testing.T) {
	const bs = 32
	for _, c := range []struct{ base, n, size int }{{0, 0, 10}, {0, 100, 100}, {5, 1000, 1000}, {37, 200, 1000}, {1000, 1000, 1000}} {
		t.Run(fmt.Sprintf("base=%d/n=%d", c.base, c.n), func(t *testing.T) {
			in := portableInput(c.size)
			want := make([]float32, c.size)
			for i := c.base; i < c.n; i++ {
				want[i] = 2 * in[i]
			}
			grid := blocks(c.n-c.base, bs)
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, c.size)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, NarrowReturnKernel(in, out, uint32(c.base), uint32(c.n)))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestNarrowByte: a uint8 index over a longer slice wraps to its start
// past element 255: the rows past it run as written, on every path.
func TestNarrowByte(t *testing.T) {
	const bs = 64
	for _, n := range []int{100, 256, 300, 1000} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			in := portableInput(1024)
			want := make([]float32, n)
			for g := range want {
				want[g] = 2 * in[g%256]
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, NarrowByteKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestNarrowOffset: an int32 index from a base agrees with the host
// while its sums stay int32s; where a launch's sums pass the int32s'
// end, the runtime path runs it as Go wraps them (the wrapped indexes
// are negative, which the guard skips) and the compiled path fails it
// with compiled.ErrGuardWraps, naming the guard's line.
func TestNarrowOffset(t *testing.T) {
	const bs, n = 64, 500
	for _, base := range []int32{-100, 0, 7, 450} {
		t.Run(fmt.Sprintf("base=%d", base), func(t *testing.T) {
			want := make([]int32, n)
			for g := range 640 {
				if i := int(base) + g; i >= 0 && i < n {
					want[i] = int32(i)
				}
			}
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 10}, Block: gocuda.Dim3{X: bs}}, NarrowOffsetKernel(out, base))
				return out, err
			})
			assert.Equal(t, want, got)
		})
	}
	t.Run("wraps", func(t *testing.T) {
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 10}, Block: gocuda.Dim3{X: bs}}
		out := make([]int32, n)
		require.NoError(t, forms[1].launch(cfg, NarrowOffsetKernel(out, math.MaxInt32-100)))
		assert.Equal(t, make([]int32, n), out, "the wrapped indexes are negative: no thread writes")
		err := forms[0].launch(cfg, NarrowOffsetKernel(out, math.MaxInt32-100))
		require.ErrorIs(t, err, compiled.ErrGuardWraps)
		var ke *gocuda.KernelError
		require.ErrorAs(t, err, &ke)
		assert.Contains(t, ke.Error(), "narrow.go:42")
	})
}

// TestNarrowStride: a narrow conversion of a thread's index times two
// reads every other element on every path, vector steps included.
func TestNarrowStride(t *testing.T) {
	for _, n := range []int{1, 8, 100, 512} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			in := portableInput(2*n + 1)
			want := make([]float32, n)
			for k := range want {
				want[k] = in[2*k+1]
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 512}}, NarrowStrideKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}
