package difftest

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// bits64 returns the bits of s's floats, so that results compare exactly.
func bits64(s []float64) []uint64 {
	out := make([]uint64, len(s))
	for i, v := range s {
		out[i] = math.Float64bits(v)
	}
	return out
}

// randD returns n float64s with fractions, negatives and, where special,
// NaN, infinities and signed zeros among them.
func randD(n int, special bool) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = rand.NormFloat64() * 10
	}
	if special {
		for i, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0, -1e-310} {
			if i < n {
				s[(i*7)%n] = v
			}
		}
	}
	return s
}

// sizes64 are lengths around four- and eight-thread steps' tails.
var sizes64 = []int{1, 3, 4, 5, 7, 9, 63, 100, 1001}

func TestDaxpySIMD(t *testing.T) {
	for _, n := range sizes64 {
		x, y0 := randD(n, true), randD(n, true)
		got := agreeSIMD(t, func(f form) ([]uint64, error) {
			y := append([]float64(nil), y0...)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}
			err := f.launch(cfg, DaxpyKernel(-1.5, x, y))
			return bits64(y), err
		})
		for i := range n {
			require.Equal(t, math.Float64bits(-1.5*x[i]+y0[i]), got[i], "n=%d element %d", n, i)
		}
	}
}

func TestFloat64OpsSIMD(t *testing.T) {
	for _, n := range sizes64 {
		in, out0 := randD(n, true), randD(n, true)
		for _, block := range []int{6, 32} { // a block not a multiple of four: rows with tails
			got := agreeSIMD(t, func(f form) ([]uint64, error) {
				out := append([]float64(nil), out0...)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, block)}, Block: gocuda.Dim3{X: block}}
				err := f.launch(cfg, Float64OpsKernel(in, out, 0.75))
				return bits64(out), err
			})
			for i := range n {
				v := in[i]/0.75 - float64(i)*0.75
				if v < 0 {
					v = -v
				} else if v >= 3 {
					v = v*v - 1
				}
				want := math.Sqrt(v) + math.Floor(v*0.5) - out0[i]
				require.Equal(t, math.Float64bits(want), got[i], "n=%d element %d", n, i)
			}
		}
	}
}

func TestFloat64MixSIMD(t *testing.T) {
	for _, n := range sizes64 {
		d0 := randD(n, false)
		f0 := randF(n)
		n0 := make([]int, n)
		for i := range n0 {
			n0[i] = rand.IntN(1000) - 500
		}
		agreeSIMD(t, func(f form) ([3]any, error) {
			fl, d, ns := append([]float32(nil), f0...), append([]float64(nil), d0...), append([]int(nil), n0...)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 32)}, Block: gocuda.Dim3{X: 32}}
			err := f.launch(cfg, Float64MixKernel(fl, d, ns))
			return [3]any{bitsOf(fl), bits64(d), ns}, err
		})
	}
}

func TestInt64OpsSIMD(t *testing.T) {
	for _, n := range sizes64 {
		a0, b0 := make([]int64, n), make([]uint64, n)
		for i := range a0 {
			a0[i], b0[i] = rand.Int64()-1<<62, rand.Uint64()
		}
		for _, s := range []uint{0, 5, 63, 64, 70} {
			got := agreeSIMD(t, func(f form) ([2]any, error) {
				a, b := append([]int64(nil), a0...), append([]uint64(nil), b0...)
				cfg := gocuda.Config{Block: gocuda.Dim3{X: n + 3}} // three threads past the slices return
				return [2]any{a, b}, f.launch(cfg, Int64OpsKernel(a, b, s))
			})
			for i := range n {
				x := a0[i]
				y := (x ^ 0x5bd1e995) - int64(i)
				if y > x {
					y = y<<s | x&^0xff
				}
				require.Equal(t, [2]any{y * 3, b0[i]>>s + uint64(y) - uint64(i)},
					[2]any{got[0].([]int64)[i], got[1].([]uint64)[i]}, "n=%d s=%d element %d", n, s, i)
			}
		}
	}
}

func TestEscape64SIMD(t *testing.T) {
	const w, h = 37, 9
	re, im := make([]float64, w*h), make([]float64, w*h)
	for y := range h {
		for x := range w {
			re[y*w+x], im[y*w+x] = -2+2.5*float64(x)/w, -1+2*float64(y)/h
		}
	}
	for _, block := range []int{4, 7, 32} {
		got := agreeSIMD(t, func(f form) ([]int64, error) {
			count := make([]int64, w*h)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(w*h, block)}, Block: gocuda.Dim3{X: block}}
			return count, f.launch(cfg, Escape64Kernel(re, im, count, 50))
		})
		for i := range re {
			zr, zi := re[i], im[i]
			var n int64
			for n < 50 && zr*zr+zi*zi <= 4 {
				zr, zi = zr*zr-zi*zi+re[i], 2*zr*zi+im[i]
				n++
			}
			require.Equal(t, n, got[i], "point %d", i)
		}
	}
}

// TestShift64SIMDFailure: a step whose loads would leave the slice goes
// to the scalar form, which fails at the first thread past the end, after
// the threads before it stored their results.
func TestShift64SIMDFailure(t *testing.T) {
	const n = 42
	in := randD(n, false) // thread n-2 reads in[n]
	var outs [2][]float64
	for i, f := range forms {
		out := make([]float64, n)
		err := f.launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, Shift64Kernel(in, out))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		if !f.runtime {
			assert.Equal(t, gocuda.Dim3{X: n - 2}, ke.Thread, f.name)
		}
		outs[i] = out
	}
	for i := range n - 2 {
		require.Equal(t, math.Float64bits(in[i+2]-in[i]), math.Float64bits(outs[0][i]), "element %d", i)
	}
	assert.Equal(t, bits64(outs[0][:n-2]), bits64(outs[1][:n-2]), "the threads before the failing one")
}
