package transformer

import (
	"math"
	"runtime"
	"sync"
	"testing"
)

// BenchmarkLlmcSoftmax runs softmax_forward.cu's kernels, compiled, with
// the launches of its softmax_forwardN functions, beside the loop a Go
// programmer would write, serial and split over GOMAXPROCS goroutines, on
// attention-sized rows (1024 rows of C = 1024), so that one run gives the
// ratios. Each variant is first checked against the host reference.
func BenchmarkLlmcSoftmax(b *testing.B) {
	const N, C, bs = 1024, 1024, 128
	inp := softmaxInput(N, C)
	want := softmaxRef(inp, N, C)
	var variants []benchVariant
	for _, k := range softmaxLaunches(N, bs) {
		variants = append(variants, benchVariant{k.name, func(out []float32) error { return dev.Launch(k.cfg, k.k(out, inp, N, C)) }})
	}
	runVariants(b, want, 1e-5, 8*N*C, append(variants,
		benchVariant{"handSerial", func(out []float32) error { softmaxRows(out, inp, C, 0, N); return nil }},
		benchVariant{"handParallel", func(out []float32) error { softmaxParallel(out, inp, N, C); return nil }},
	))
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
