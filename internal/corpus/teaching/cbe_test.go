package teaching

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestCbeAdd adds two vectors of N ints as add_loop_long_blocks.cu does
// (128 blocks of 128 threads) and with a grid smaller than N, so that the
// loop strides.
func TestCbeAdd(t *testing.T) {
	a, b := make([]int32, addN), make([]int32, addN)
	for i := range a {
		a[i], b[i] = int32(-i), int32(i*i)
	}
	for _, g := range []int{128, 3} {
		t.Run(fmt.Sprint(g), func(t *testing.T) {
			got := agree(t, func(f form) ([]int32, error) {
				c := make([]int32, addN)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: g}, Block: gocuda.Dim3{X: 128}}, AddKernel(a, b, c))
				return c, err
			})
			for i := range got {
				require.Equal(t, a[i]+b[i], got[i], "element %d", i)
			}
		})
	}
}

// TestCbeJulia draws a 64×64 Julia set, one block per pixel as
// julia_gpu.cu launches it, and compares with the host's julia.
func TestCbeJulia(t *testing.T) {
	const dim = 64
	got := agree(t, func(f form) ([]uint8, error) {
		ptr := make([]uint8, 4*dim*dim)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: dim, Y: dim}, Block: gocuda.Dim3{X: 1}}, JuliaKernel(ptr, dim))
		return ptr, err
	})
	in := 0
	for y := range dim {
		for x := range dim {
			o := x + y*dim
			require.Equal(t, []uint8{uint8(255 * julia(x, y, dim)), 0, 0, 255}, got[4*o:4*o+4], "pixel %d,%d", x, y)
			in += julia(x, y, dim)
		}
	}
	require.Positive(t, in, "no pixel in the set")
}

// TestCbeRipple draws frames of a 64×64 ripple with 16×16 blocks and
// compares with the host's formula.
func TestCbeRipple(t *testing.T) {
	const dim = 64
	for _, ticks := range []int{0, 37} {
		got := agree(t, func(f form) ([]uint8, error) {
			ptr := make([]uint8, 4*dim*dim)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: dim / 16, Y: dim / 16}, Block: gocuda.Dim3{X: 16, Y: 16}}, RippleKernel(ptr, ticks, dim))
			return ptr, err
		})
		for y := range dim {
			for x := range dim {
				fx, fy := float32(x-dim/2), float32(y-dim/2)
				d := sqrtf(fx*fx + fy*fy)
				g := uint8(128.0 + 127.0*math.Cos(float64(d/10.0-float32(ticks)/7.0))/float64(d/10.0+1.0))
				o := 4 * (x + y*dim)
				require.Equal(t, []uint8{g, g, g, 255}, got[o:o+4], "pixel %d,%d", x, y)
			}
		}
	}
}

// TestCbeSharedBitmap draws a 64×64 shared_bitmap image and checks every
// pixel against its block's mirrored partner computed on the host.
func TestCbeSharedBitmap(t *testing.T) {
	const dim = 64
	got := agree(t, func(f form) ([]uint8, error) {
		ptr := make([]uint8, 4*dim*dim)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: dim / 16, Y: dim / 16}, Block: gocuda.Dim3{X: 16, Y: 16}}, SharedBitmapKernel(ptr))
		return ptr, err
	})
	const period = float32(128.0)
	for y := range dim {
		for x := range dim {
			// The partner thread of (x, y) in its block.
			px := x/16*16 + 15 - x%16
			py := y/16*16 + 15 - y%16
			v := 255 * (sinf(float32(px)*2.0*bitmapPI/period) + 1.0) *
				(sinf(float32(py)*2.0*bitmapPI/period) + 1.0) / 4.0
			o := 4 * (x + y*dim)
			require.Equal(t, []uint8{0, uint8(v), 0, 255}, got[o:o+4], "pixel %d,%d", x, y)
		}
	}
}

// dotInputs are dot.cu's inputs: a[i] = i, b[i] = 2i.
func dotInputs(n int) (a, b []float32) {
	a, b = make([]float32, n), make([]float32, n)
	for i := range a {
		a[i] = float32(i)
		b[i] = float32(i * 2)
	}
	return a, b
}

// sumSquares is dot.cu's sum_squares(x): x(x+1)(2x+1)/6.
func sumSquares(x float64) float64 { return x * (x + 1) * (2*x + 1) / 6 }

// TestCbeDot runs dot.cu as its main does and checks the total against
// 2*sum_squares(N-1), as the book does.
func TestCbeDot(t *testing.T) {
	a, b := dotInputs(dotN)
	got := agree(t, func(f form) ([]float32, error) {
		c := make([]float32, blocksPerGrid)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocksPerGrid}, Block: gocuda.Dim3{X: threadsPerBlock}}, DotKernel(a, b, c))
		return c, err
	})
	var sum float64
	for _, v := range got {
		sum += float64(v)
	}
	want := 2 * sumSquares(dotN-1)
	require.InEpsilon(t, want, sum, 1e-5)
}

// TestCbeDotLock runs appendix A's dot, which adds the blocks' sums under
// a spin lock, and checks the total as the book does.
func TestCbeDotLock(t *testing.T) {
	a, b := dotInputs(dotLockN)
	blocks := imin(32, (dotLockN+threadsPerBlock-1)/threadsPerBlock)
	got := both(t, func(f form) (float32, error) {
		var c float32
		var mutex int32
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threadsPerBlock}}, DotLockKernel(bookLock{&mutex}, a, b, &c))
		return c, err
	})
	want := 2 * sumSquares(dotLockN-1)
	for i, v := range got {
		require.InEpsilon(t, want, float64(v), 1e-5, forms[i].name)
	}
}
