package bench_test

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// A benchCase is one sub-benchmark: its name, key=value levels such as
// "n=1048576/impl=perThread", and its body. Every benchmark of this
// package runs a table of them, so that the names can be listed without
// running anything (TestDocCommands matches the documented -bench
// patterns against them).
type benchCase struct {
	name string
	run  func(b *testing.B)
}

// A suite makes the cases of one benchmark, for a -short run or a full
// one. It allocates nothing big: the cases make their data on first use.
// Resources it holds (devices) are released through tb.Cleanup.
type suite func(tb testing.TB, short bool) []benchCase

// suites maps the name of each benchmark, without "Benchmark", to its
// cases.
var suites = map[string]suite{
	"SAXPY":        kernelSuite("saxpy"),
	"Scan":         kernelSuite("scan"),
	"Reduce":       kernelSuite("reduce"),
	"NBody":        kernelSuite("nbody"),
	"MatMul":       kernelSuite("matmul"),
	"Blur":         kernelSuite("blur"),
	"Mandelbrot":   kernelSuite("mandelbrot"),
	"Stencil":      kernelSuite("stencil"),
	"Histogram":    kernelSuite("histogram"),
	"SyncThreads":  syncThreadsSuite,
	"BlockReduce":  blockReduceSuite,
	"DAXPY":        daxpySuite,
	"Mandelbrot64": mandelbrot64Suite,
	"Memcpy":       memcpySuite,
	"StreamLaunch": streamLaunchSuite,
	"AtomicAdd":    atomicAddSuite,
}

// runSuite runs the cases of the named suite as sub-benchmarks of b.
func runSuite(b *testing.B, name string) {
	s, ok := suites[name]
	if !ok {
		b.Fatalf("no suite %q", name)
	}
	for _, c := range s(b, testing.Short()) {
		b.Run(c.name, c.run)
	}
}

// newDevice returns a device made with opts, closed when tb's test or
// benchmark ends.
func newDevice(tb testing.TB, opts ...gocuda.Option) *gocuda.Device {
	tb.Helper()
	dev, err := gocuda.NewDevice(opts...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { dev.Close() })
	return dev
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}
