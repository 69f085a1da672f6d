package transformer

import (
	"math"
	"runtime"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// BenchmarkLlmcLayernorm runs layernorm_forward.cu's kernel 4 (a warp a
// row) and kernel 5 (a block a row), compiled, beside the loop a Go
// programmer would write, serial and split over GOMAXPROCS goroutines,
// on GPT-2's activations (B·T = 1024 rows of C = 768), so that one run
// gives the ratios. Each variant is first checked against the serial
// loop.
func BenchmarkLlmcLayernorm(b *testing.B) {
	const N, C, bs = 1024, 768, 128
	r := rng(N, C)
	inp, weight, bias := randF32(r, N*C), randF32(r, C), randF32(r, C)
	want, mean, rstd := make([]float32, N*C), make([]float32, N), make([]float32, N)
	layernormRows(want, inp, weight, bias, C, 0, N)
	runVariants(b, want, 1e-3, 8*N*C, []benchVariant{
		{"kernel4", func(out []float32) error {
			return dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: N * 32 / bs}, Block: gocuda.Dim3{X: bs}}, LayernormForward4Kernel(out, mean, rstd, inp, weight, bias, N, C))
		}},
		{"kernel5", func(out []float32) error {
			return dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}}, LayernormForward5Kernel(out, mean, rstd, inp, weight, bias, N, C))
		}},
		{"handSerial", func(out []float32) error { layernormRows(out, inp, weight, bias, C, 0, N); return nil }},
		{"handParallel", func(out []float32) error { layernormParallel(out, inp, weight, bias, N, C); return nil }},
	})
}

// A benchVariant is one way of computing a benchmark's output: a
// compiled kernel's launch or hand-written Go.
type benchVariant struct {
	name string
	run  func(out []float32) error
}

// runVariants runs each variant as a sub-benchmark impl=name, first
// checking its output against want within tol; bytes is what one run
// reads and writes.
func runVariants(b *testing.B, want []float32, tol float64, bytes int, variants []benchVariant) {
	for _, v := range variants {
		b.Run("impl="+v.name, func(b *testing.B) {
			out := make([]float32, len(want))
			if err := v.run(out); err != nil {
				b.Fatal(err)
			}
			for i := range out {
				if d := math.Abs(float64(out[i] - want[i])); d > tol {
					b.Fatalf("element %d: %v, want %v", i, out[i], want[i])
				}
			}
			b.SetBytes(int64(bytes))
			for b.Loop() {
				if err := v.run(out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// layernormRows normalizes rows lo to hi-1 of inp into out, in float32 as
// the kernels compute: the row's sum and sum of squares, then each element
// scaled and shifted.
func layernormRows(out, inp, weight, bias []float32, C, lo, hi int) {
	weight, bias = weight[:C], bias[:C]
	for i := lo; i < hi; i++ {
		x, o := inp[i*C:][:C], out[i*C:][:C]
		var sum, sum2 float32
		for _, v := range x {
			sum += v
			sum2 += v * v
		}
		m := sum / float32(C)
		s := rsqrtf(sum2/float32(C) - m*m + 1e-5)
		for j, v := range x {
			o[j] = s*(v-m)*weight[j] + bias[j]
		}
	}
}

// layernormParallel is layernormRows over all N rows, split in equal
// parts over GOMAXPROCS goroutines.
func layernormParallel(out, inp, weight, bias []float32, N, C int) {
	p := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for k := range p {
		wg.Go(func() { layernormRows(out, inp, weight, bias, C, k*N/p, (k+1)*N/p) })
	}
	wg.Wait()
}
