package heldout4

import (
	"math"
	"runtime"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// BenchmarkLlmcSoftmax runs softmax_forward.cu's kernels, compiled, with
// the launches of its softmax_forwardN functions, beside the loop a Go
// programmer would write, serial and split over GOMAXPROCS goroutines, on
// attention-sized rows (1024 rows of C = 1024), so that one run gives the
// ratios. Each variant is first checked against the host reference.
func BenchmarkLlmcSoftmax(b *testing.B) {
	const N, C, bs = 1024, 1024, 128
	r := rng(N, C)
	inp := randF32(r, N*C)
	for i := range inp {
		inp[i] *= 4
	}
	want := softmaxRef(inp, N, C)
	cdiv := func(a, b int) int { return (a + b - 1) / b }
	launch := func(cfg gocuda.Config, k func(out, inp []float32, N, C int) func(*gocuda.Thread)) func([]float32) error {
		return func(out []float32) error { return dev.Launch(cfg, k(out, inp, N, C)) }
	}
	variants := []struct {
		name string
		run  func(out []float32) error
	}{
		{"kernel1", launch(gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForward1Kernel)},
		{"kernel2", launch(gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}, SharedMem: bs * 4}, SoftmaxForward2Kernel)},
		{"kernel3", launch(gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: 32}, SharedMem: 32 * 4}, SoftmaxForward3Kernel)},
		{"kernel4", launch(gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}, SharedMem: bs / 32 * 4}, SoftmaxForward4Kernel)},
		{"online1", launch(gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForwardOnline1Kernel)},
		{"online2", launch(gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N*32, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForwardOnline2Kernel)},
		{"kernel7", launch(gocuda.Config{Grid: gocuda.Dim3{X: N}, Block: gocuda.Dim3{X: bs}, SharedMem: 2 * bs / 32 * 4}, SoftmaxForward7Kernel)},
		{"online8", launch(gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N*32, bs)}, Block: gocuda.Dim3{X: bs}}, SoftmaxForwardOnline8Kernel)},
		{"handSerial", func(out []float32) error { softmaxRows(out, inp, C, 0, N); return nil }},
		{"handParallel", func(out []float32) error { softmaxParallel(out, inp, N, C); return nil }},
	}
	for _, v := range variants {
		b.Run("impl="+v.name, func(b *testing.B) {
			out := make([]float32, N*C)
			if err := v.run(out); err != nil {
				b.Fatal(err)
			}
			for i := range out {
				if d := math.Abs(float64(out[i] - want[i])); d > 1e-5 {
					b.Fatalf("element %d: %v, want %v", i, out[i], want[i])
				}
			}
			b.SetBytes(int64(8 * N * C))
			for b.Loop() {
				if err := v.run(out); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// softmaxRows writes the softmax of rows lo to hi-1 of inp to out, in
// float32 as the kernels compute: the row's maximum, the sum of the
// exponentials of the differences, then each exponential divided by it.
func softmaxRows(out, inp []float32, C, lo, hi int) {
	for i := lo; i < hi; i++ {
		x, o := inp[i*C:][:C], out[i*C:][:C]
		mx := float32(math.Inf(-1))
		for _, v := range x {
			mx = max(mx, v)
		}
		var sum float32
		for j, v := range x {
			e := expf(v - mx)
			o[j] = e
			sum += e
		}
		inv := 1 / sum
		for j := range o {
			o[j] *= inv
		}
	}
}

// softmaxParallel is softmaxRows over all N rows, split in equal parts
// over GOMAXPROCS goroutines.
func softmaxParallel(out, inp []float32, N, C int) {
	p := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for k := range p {
		wg.Go(func() { softmaxRows(out, inp, C, k*N/p, (k+1)*N/p) })
	}
	wg.Wait()
}
