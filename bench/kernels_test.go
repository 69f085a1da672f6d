package bench_test

import (
	"strings"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// The comparisons of bench.Kernels, one benchmark per kernel, with a
// sub-benchmark per size and implementation:
// n=16777216/impl=coarsened (on the runtime path) beside
// n=16777216/impl=coarsenedCompiled (compiled by gocuda compile) and
// n=16777216/impl=handSerial and impl=handParallel, so one run gives the
// ratios and benchstat -col /impl lays them side by side. -short runs the
// quick sizes, the ones gocuda bench -quick runs. Each sub-benchmark first
// checks its result against the host reference.

func BenchmarkSAXPY(b *testing.B)  { runSuite(b, "SAXPY") }
func BenchmarkScan(b *testing.B)   { runSuite(b, "Scan") }
func BenchmarkReduce(b *testing.B) { runSuite(b, "Reduce") }
func BenchmarkNBody(b *testing.B)  { runSuite(b, "NBody") }
func BenchmarkMatMul(b *testing.B) { runSuite(b, "MatMul") }
func BenchmarkBlur(b *testing.B)   { runSuite(b, "Blur") }

func BenchmarkMandelbrot(b *testing.B) { runSuite(b, "Mandelbrot") }
func BenchmarkStencil(b *testing.B)    { runSuite(b, "Stencil") }
func BenchmarkHistogram(b *testing.B)  { runSuite(b, "Histogram") }

// kernelSuite returns the suite of the named bench.Kernel: every variant
// at each size, named as bench.Kernel.BenchName names it.
func kernelSuite(name string) suite {
	return func(tb testing.TB, short bool) []benchCase {
		k, ok := bench.KernelNamed(name)
		if !ok {
			tb.Fatalf("no kernel %q", name)
		}
		dev := newDevice(tb)
		runtimeDev := newDevice(tb, gocuda.WithRuntimePath())
		var cs []benchCase
		for _, n := range k.SizesFor(short) {
			for _, v := range bench.Variants(k, dev, runtimeDev, n) {
				cs = append(cs, benchCase{
					name: strings.TrimPrefix(k.BenchName(n, v.Name), "Benchmark"+k.Bench+"/"),
					run:  func(b *testing.B) { benchVariant(b, k, v, n) },
				})
			}
		}
		return cs
	}
}

// benchVariant is the body of every kernel sub-benchmark: check v against
// the host reference, warm it up as gocuda bench does (bench.WarmUp with
// bench.Settings), then time it with b.Loop, reporting GB/s through
// SetBytes or GFLOP/s as a metric.
func benchVariant(b *testing.B, k bench.Kernel, v bench.Variant, n int) {
	if err := v.Check(); err != nil {
		b.Fatal(err)
	}
	if _, err := bench.WarmUp(v, bench.Settings(testing.Short()).WarmUp); err != nil {
		b.Fatal(err)
	}
	if k.Metric == bench.GBps {
		b.SetBytes(int64(k.Work(n)))
	}
	for b.Loop() {
		must(b, v.Run())
	}
	if k.Metric == bench.GFLOPs {
		b.ReportMetric(k.Work(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	}
}
