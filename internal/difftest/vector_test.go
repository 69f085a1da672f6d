package difftest

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
)

// agreeSIMD runs run compiled with the vector steps on, compiled with them
// off (compiled.SIMD cleared: the SIMD build's scalar form) and on the
// runtime path, and requires the three results to be identical; where the
// CPU has AVX-512 (compiled.SIMD512), the vector steps run sixteen lanes
// a step, and a fourth run with eight must agree too. In the default build
// the compiled runs are the same code. It must not run in parallel with
// other tests: it changes compiled.SIMD and compiled.SIMD512.
func agreeSIMD[T any](t *testing.T, run func(f form) (T, error)) T {
	t.Helper()
	had, had512 := compiled.SIMD, compiled.SIMD512
	defer func() { compiled.SIMD, compiled.SIMD512 = had, had512 }()
	vector, err := run(forms[0])
	require.NoError(t, err, "vector")
	if had512 {
		compiled.SIMD512 = false
		eight, err := run(forms[0])
		require.NoError(t, err, "eight lanes")
		compiled.SIMD512 = had512
		require.Equal(t, eight, vector, "the sixteen-lane steps differ from the eight-lane ones")
	}
	compiled.SIMD = false
	scalar, err := run(forms[0])
	require.NoError(t, err, "scalar")
	compiled.SIMD = had
	runtime, err := run(forms[1])
	require.NoError(t, err, "runtime")
	require.Equal(t, scalar, vector, "the vector steps differ from the scalar form")
	require.Equal(t, runtime, vector, "the compiled form differs from the runtime path")
	return vector
}

// bitsOf returns the bits of s's floats, so that results compare exactly
// (NaN, the sign of zero).
func bitsOf(s []float32) []uint32 {
	out := make([]uint32, len(s))
	for i, v := range s {
		out[i] = math.Float32bits(v)
	}
	return out
}

func TestPullSIMD(t *testing.T) {
	for _, n := range []int{64, 256, 1024} { // blocks of 64 threads, each loading its tile
		pos, mass := randF(n), randF(n)
		pos[3], mass[5] = 0, 0 // zero pulls: the negated sum is -0
		for i := range mass {
			mass[i] = float32(math.Abs(float64(mass[i])))
		}
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			acc := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / 64}, Block: gocuda.Dim3{X: 64}}
			err := f.launch(cfg, PullKernel(pos, mass, acc, 0.01))
			return bitsOf(acc), err
		})
		for i := range n { // the host reference, in the kernel's order
			var a float32
			blk := i / 64 * 64
			for j := range 64 {
				a = gravity(a, pos[i], pos[(blk+j)%n], mass[(blk+j)%n], 0.01)
			}
			require.Equal(t, math.Float32bits(-a), got[i], "n=%d body %d", n, i)
		}
	}
}

func TestBitMixSIMD(t *testing.T) {
	for _, n := range []int{1, 7, 8, 100, 1 << 12} {
		in := make([]int32, n)
		f0 := randF(n)
		for i := range in {
			in[i] = rand.Int32() - 1<<30
		}
		for _, s := range []uint{0, 5, 31, 32, 40} {
			agreeSIMD(t, func(f form) ([2][]uint32, error) {
				out, fl := make([]uint32, n), append([]float32(nil), f0...)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}
				err := f.launch(cfg, BitMixKernel(in, out, fl, s))
				return [2][]uint32{out, bitsOf(fl)}, err
			})
		}
	}
}

func TestWeightsSIMD(t *testing.T) {
	for _, n := range []int{1, 9, 100, 1000} {
		in, w := randF(4*n), randF(4)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 32)}, Block: gocuda.Dim3{X: 32}}
			err := f.launch(cfg, WeightsKernel(in, w, out))
			return bitsOf(out), err
		})
		for i := range n {
			var sum float32
			for k := range 4 {
				sum += w[k] * in[k*n+i]
			}
			require.Equal(t, math.Float32bits(sum), got[i], "element %d", i)
		}
	}
}

func TestOffsetsSIMD(t *testing.T) {
	for _, n := range []int{1, 8, 31, 1000} {
		in := randF(n + 2)
		agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}
			err := f.launch(cfg, OffsetsKernel(in, out, n/2))
			return bitsOf(out), err
		})
	}
}

// TestOffsetsSIMDFailure: a step whose loads would leave the slice goes
// to the scalar form, which fails at the thread the runtime path names,
// after the threads before it stored their results.
func TestOffsetsSIMDFailure(t *testing.T) {
	const n = 40
	in := randF(n) // thread n-2 reads in[n]: out of range
	var outs [2][]float32
	for i, f := range forms {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, OffsetsKernel(in, out, 0))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		if !f.runtime {
			assert.Equal(t, gocuda.Dim3{X: n - 2}, ke.Thread, f.name)
		}
		outs[i] = out
	}
	assert.Equal(t, outs[0][:n-2], outs[1][:n-2], "the threads before the failing one")
}

// TestShiftOffsetSIMD: a load under a lane-varying if, at an index
// that shifts by a count that may be negative, is checked where the if
// runs, not ahead of it: with k = -1 and no thread below n, no thread
// shifts and the launch succeeds (the vector steps once checked the
// index first, and failed with "negative shift amount"); with threads
// below n, both forms fail at thread 0.
func TestShiftOffsetSIMD(t *testing.T) {
	const n = 100
	in := randF(n + 8)
	for _, c := range []struct{ k, below int }{{2, n}, {3, 37}, {-1, 0}, {0, 0}} {
		out := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}
			err := f.launch(cfg, ShiftOffsetKernel(in, out, c.k, c.below))
			return bitsOf(out), err
		})
		want := make([]float32, n)
		for i := range c.below {
			want[i] = in[i+1<<c.k]
		}
		require.Equal(t, bitsOf(want), out, "k=%d below=%d", c.k, c.below)
	}
	for _, f := range forms {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, ShiftOffsetKernel(in, out, -1, 10))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.Equal(t, gocuda.Dim3{}, ke.Thread, f.name)
		assert.Contains(t, err.Error(), "negative shift amount", f.name)
	}
}

func TestClampSIMD(t *testing.T) {
	for _, n := range []int{1, 8, 13, 100, 1000} {
		in := randF(n)
		for i := 0; i < n; i += 7 {
			in[i] = float32(math.NaN())
		}
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 32)}, Block: gocuda.Dim3{X: 32}}
			err := f.launch(cfg, ClampKernel(in, out, -0.5, 0.5, n/3))
			return bitsOf(out), err
		})
		for i, v := range in { // the host reference
			switch {
			case v < -0.5:
				v = -0.5
			case v > 0.5:
				v = 1
			}
			if v != v {
				v = -1
			}
			if i < n/3 && v > 0 {
				v += 0.5
			}
			require.Equal(t, math.Float32bits(v), got[i], "element %d", i)
		}
	}
}

func TestEscapeSIMD(t *testing.T) {
	const w, h = 37, 9
	re, im := make([]float32, w*h), make([]float32, w*h)
	for y := range h {
		for x := range w {
			re[y*w+x], im[y*w+x] = -2+2.5*float32(x)/w, -1+2*float32(y)/h
		}
	}
	for _, block := range []int{8, 32, 64} {
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			count := make([]int32, w*h)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(w*h, block)}, Block: gocuda.Dim3{X: block}}
			return count, f.launch(cfg, EscapeKernel(re, im, count, 50))
		})
		for i := range re {
			zr, zi := re[i], im[i]
			var n int32
			for n = 0; n < 50 && zr*zr+zi*zi <= 4; n++ {
				zr, zi = zr*zr-zi*zi+re[i], 2*zr*zi+im[i]
			}
			require.Equal(t, n, got[i], "point %d", i)
		}
	}
}

func TestSkipSIMD(t *testing.T) {
	w := []int32{3, -1, 7, 2, 9, -4, 5, 11, 6}
	for _, n := range []int{1, 8, 20, 500} {
		in := make([]int32, n)
		for i := range in {
			in[i] = rand.Int32N(60) - 20
		}
		got := agreeSIMD(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 16)}, Block: gocuda.Dim3{X: 16}}
			return out, f.launch(cfg, SkipKernel(in, out, w))
		})
		for i, x := range in {
			var acc int32
			for k := range w {
				if (x+int32(k))&3 == 0 {
					continue
				}
				if acc += w[k] * x; acc > 1000 {
					break
				}
			}
			require.Equal(t, acc, got[i], "element %d", i)
		}
	}
}

func TestSkipStopSIMD(t *testing.T) {
	for _, n := range []int{1, 8, 40, 300} {
		for _, stop := range []bool{false, true} {
			threads := blocks(n, 48) * 16
			in := make([]int32, threads)
			for i := range in {
				in[i] = rand.Int32N(100)
			}
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: threads / 16}, Block: gocuda.Dim3{X: 16}}
				return out, f.launch(cfg, SkipStopKernel(in, out, stop))
			})
			want := make([]int32, n)
			for i, x := range in {
				stop := stop && i < 16 // the vote of block 0, whose thread 0 has the flag
				for j := i; j < n; j += threads {
					want[j] = x
					if x&3 == 0 {
						continue
					}
					if stop {
						break
					}
					want[j] = x * 2
				}
			}
			require.Equal(t, want, got, "n %d, stop %v", n, stop)
		}
	}
}

func TestRowSumSIMD(t *testing.T) {
	for _, width := range []int{1, 8, 21, 100} {
		in := randF(width * 7)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, width)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(width, 16)}, Block: gocuda.Dim3{X: 16}}
			err := f.launch(cfg, RowSumKernel(in, out, width, 7))
			return bitsOf(out), err
		})
		for c := range width {
			var s float32
			for r := range 7 {
				s += in[r*width+c]
			}
			require.Equal(t, math.Float32bits(s), got[c], "column %d", c)
		}
	}
}

// TestRowSumSIMDFailure: a load checked in its loop that leaves the slice
// fails at the thread, and with the message, of the runtime path.
func TestRowSumSIMDFailure(t *testing.T) {
	const width = 40
	in := randF(width*3 - 5) // row 2's last five columns are missing
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out := make([]float32, width)
		err := f.launch(gocuda.Config{Block: gocuda.Dim3{X: width}}, RowSumKernel(in, out, width, 3))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: width - 5}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

func TestEdgeSIMD(t *testing.T) {
	for _, n := range []int{1, 2, 8, 9, 16, 100} {
		in := randF(n)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 16)}, Block: gocuda.Dim3{X: 16}}
			err := f.launch(cfg, EdgeKernel(in, out))
			return bitsOf(out), err
		})
		for i := range n {
			want := in[max(i-1, 0)] + 2*in[i] + in[min(i+1, n-1)]
			require.Equal(t, math.Float32bits(want), got[i], "n=%d element %d", n, i)
		}
	}
}

// TestSwapSIMD: loads at stride 2, in pairs, at the ends of the slice
// and past them, with steps of eight and sixteen lanes (blocks of 16 and
// 64 threads).
func TestSwapSIMD(t *testing.T) {
	for _, c := range [][2]int{{1, 16}, {2, 16}, {15, 16}, {16, 16}, {17, 16}, {40, 16}, {333, 16}, {63, 64}, {64, 64}, {95, 64}, {1000, 64}} {
		n, bs := c[0], c[1]
		in := randF(n)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks((n+1)/2, bs)}, Block: gocuda.Dim3{X: bs}}
			err := f.launch(cfg, SwapKernel(in, out))
			return bitsOf(out), err
		})
		for i := 0; i < n; i += 2 {
			if i+1 < n {
				require.Equal(t, math.Float32bits(in[i+1]*2), got[i], "n=%d element %d", n, i)
				require.Equal(t, math.Float32bits(in[i]*3), got[i+1], "n=%d element %d", n, i+1)
			} else {
				require.Equal(t, math.Float32bits(in[i]), got[i], "n=%d element %d", n, i)
			}
		}
	}
}

func TestTwistSIMD(t *testing.T) {
	for _, n := range []int{1, 8, 19, 64} {
		in := randF(n)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 16)}, Block: gocuda.Dim3{X: 16}}
			err := f.launch(cfg, TwistKernel(in, out))
			return bitsOf(out), err
		})
		for i, x := range in {
			a, b := x, 2*x+1
			for range 3 {
				a, b = b, a
				a = a*0.5 + b
			}
			require.Equal(t, math.Float32bits(a-b), got[i], "element %d", i)
		}
	}
}

func TestRowTileSIMD(t *testing.T) {
	for _, shape := range []struct{ rows, w, block int }{{1, 8, 8}, {3, 13, 16}, {4, 40, 32}, {2, 5, 24}} {
		a := randF(shape.rows * shape.w)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, shape.rows*shape.block)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: shape.rows}, Block: gocuda.Dim3{X: shape.block}}
			err := f.launch(cfg, RowTileKernel(a, out, shape.w))
			return bitsOf(out), err
		})
		for r := range shape.rows {
			for tx := range shape.block {
				var want float32
				if col := shape.block - 1 - tx; col < shape.w {
					want = a[r*shape.w+col] * 3
				}
				require.Equal(t, math.Float32bits(want), got[r*shape.block+tx], "%+v row %d thread %d", shape, r, tx)
			}
		}
	}
}

// TestUnrolledWrapSIMD: an unrolled counter in a conversion that wraps
// builds and agrees on every form.
func TestUnrolledWrapSIMD(t *testing.T) {
	for _, n := range []int{1, 9, 100} {
		in := randF(n)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 32)}, Block: gocuda.Dim3{X: 32}}
			err := f.launch(cfg, UnrolledWrapKernel(in, out))
			return bitsOf(out), err
		})
		for i := range n {
			v := in[i]
			for j := range 2 {
				v += in[int(uint32(int32(j)^-5)%uint32(n))]
			}
			require.Equal(t, math.Float32bits(v), got[i], "n=%d element %d", n, i)
		}
	}
}
