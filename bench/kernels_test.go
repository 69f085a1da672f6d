package bench_test

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/bench"
	"github.com/gocuda/gocuda/gocuda"
)

// The comparisons of issue 5, one benchmark per kernel, with a
// sub-benchmark per size and implementation: n=16777216/gridStride (on
// the runtime path) beside n=16777216/gridStrideCompiled (compiled by
// gocuda compile) and n=16777216/handParallel, so one run gives the
// ratios. -short runs the
// quick sizes. Each sub-benchmark first checks its result against the host
// reference.

func BenchmarkSAXPY(b *testing.B)  { benchKernel(b, "saxpy") }
func BenchmarkScan(b *testing.B)   { benchKernel(b, "scan") }
func BenchmarkReduce(b *testing.B) { benchKernel(b, "reduce") }
func BenchmarkNBody(b *testing.B)  { benchKernel(b, "nbody") }
func BenchmarkMatMul(b *testing.B) { benchKernel(b, "matmul") }
func BenchmarkBlur(b *testing.B)   { benchKernel(b, "blur") }

// benchKernel runs every variant of the named bench.Kernel at each size,
// reporting GB/s through SetBytes or GFLOP/s as a metric.
func benchKernel(b *testing.B, name string) {
	k, ok := bench.KernelNamed(name)
	if !ok {
		b.Fatalf("no kernel %q", name)
	}
	dev, err := gocuda.NewDevice()
	if err != nil {
		b.Fatal(err)
	}
	defer dev.Close()
	runtimeDev, err := gocuda.NewDevice(gocuda.WithRuntimePath())
	if err != nil {
		b.Fatal(err)
	}
	defer runtimeDev.Close()
	sizes := k.Sizes
	if testing.Short() {
		sizes = k.Quick
	}
	for _, n := range sizes {
		for _, v := range bench.Variants(k, dev, runtimeDev, n) {
			b.Run(fmt.Sprintf("n=%d/%s", n, v.Name), func(b *testing.B) {
				if err := v.Check(); err != nil {
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
			})
		}
	}
}
