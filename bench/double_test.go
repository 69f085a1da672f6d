package bench_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// BenchmarkDAXPY computes y = a*x + y in float64 with one thread per
// element, compiled (in the SIMD build four elements a vector step), and
// with hand-written Go, serial and parallel. Every run's result is
// checked against the serial one's.
func BenchmarkDAXPY(b *testing.B) { runSuite(b, "DAXPY") }

func daxpySuite(tb testing.TB, short bool) []benchCase {
	sizes := []int{1 << 16, 1 << 22}
	if short {
		sizes = sizes[:1]
	}
	const a = 0.75
	dev := newDevice(tb)
	var cs []benchCase
	for _, n := range sizes {
		type inputs struct{ x, y0, want []float64 }
		in := sync.OnceValue(func() inputs {
			x, y0 := make([]float64, n), make([]float64, n)
			for i := range x {
				x[i], y0[i] = float64(i%1000)/3, float64(i%7)/7
			}
			want := slices.Clone(y0)
			bench.DAXPYSerial(a, x, want)
			return inputs{x, y0, want}
		})
		timed := func(run func(x, y []float64) error) func(b *testing.B) {
			return func(b *testing.B) {
				in := in()
				y := slices.Clone(in.y0)
				must(b, run(in.x, y))
				if !slices.Equal(y, in.want) {
					b.Fatal("y differs from the serial baseline's")
				}
				b.SetBytes(24 * int64(n))
				for b.Loop() {
					must(b, run(in.x, y))
				}
			}
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + 255) / 256}, Block: gocuda.Dim3{X: 256}}
		name := func(impl string) string { return fmt.Sprintf("n=%d/impl=%s", n, impl) }
		cs = append(cs,
			benchCase{name("perThread" + bench.Compiled), timed(func(x, y []float64) error {
				return dev.Launch(cfg, bench.DAXPYKernel(a, x, y))
			})},
			benchCase{name(bench.HandSerial), timed(func(x, y []float64) error { bench.DAXPYSerial(a, x, y); return nil })},
			benchCase{name(bench.HandParallel), timed(func(x, y []float64) error { bench.DAXPYParallel(a, x, y); return nil })})
	}
	return cs
}

// BenchmarkMandelbrot64 computes BenchmarkMandelbrot's image in double
// precision (bench.Mandelbrot64Kernel: in the SIMD build four pixels a
// vector step), compiled and with hand-written Go, serial and parallel.
// Every run's image is checked against the serial one's.
func BenchmarkMandelbrot64(b *testing.B) { runSuite(b, "Mandelbrot64") }

func mandelbrot64Suite(tb testing.TB, short bool) []benchCase {
	w := 768
	if short {
		w = 192
	}
	h := w * 2 / 3
	dev := newDevice(tb)
	want := sync.OnceValue(func() []int64 {
		out := make([]int64, w*h)
		bench.Mandelbrot64Serial(w, h, out)
		return out
	})
	timed := func(run func(out []int64) error) func(b *testing.B) {
		return func(b *testing.B) {
			out := make([]int64, w*h)
			must(b, run(out))
			if !slices.Equal(out, want()) {
				b.Fatal("the image differs from the serial baseline's")
			}
			for b.Loop() {
				must(b, run(out))
			}
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (w + 31) / 32, Y: (h + 7) / 8}, Block: gocuda.Dim3{X: 32, Y: 8}}
	name := func(impl string) string { return fmt.Sprintf("width=%d/impl=%s", w, impl) }
	return []benchCase{
		{name("perPixel" + bench.Compiled), timed(func(out []int64) error {
			return dev.Launch(cfg, bench.Mandelbrot64Kernel(-2, -1, 1, 1, w, h, 256, out))
		})},
		{name(bench.HandSerial), timed(func(out []int64) error { bench.Mandelbrot64Serial(w, h, out); return nil })},
		{name(bench.HandParallel), timed(func(out []int64) error { bench.Mandelbrot64Parallel(w, h, out); return nil })},
	}
}
