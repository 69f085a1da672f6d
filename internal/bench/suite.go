package bench

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/gocuda"
)

// The names of the hand-written baselines, which every Kernel offers
// beside its gocuda variants, and the only baseline names the benchmarks
// of this package use.
const (
	HandSerial   = "handSerial"
	HandParallel = "handParallel"
)

// IsBaseline reports whether impl names a hand-written baseline.
func IsBaseline(impl string) bool { return impl == HandSerial || impl == HandParallel }

// The metrics a Kernel's work is reported in.
const (
	GBps   = "GB/s"    // Work is bytes read and written per operation
	GFLOPs = "GFLOP/s" // Work is floating-point operations per operation
)

// A Kernel is one comparison: a computation, the sizes it is measured at,
// and how to set up its implementations at a size. The go test benchmarks
// of this package and the gocuda command's bench both run the Kernels, at
// the same sizes, with the same variants and the same warm-up.
type Kernel struct {
	Name   string // lower case, as in reports: "saxpy"
	Bench  string // the go test benchmark is "Benchmark" + Bench: "SAXPY"
	Metric string // GBps or GFLOPs
	Sizes  []int  // problem sizes of a full run
	Quick  []int  // problem sizes of a quick run (go test -short, gocuda bench -quick)
	// SizeKey is the key of the size in benchmark names: "n", or "bodies",
	// or "width" (of a 16:9 image).
	SizeKey string
	// Work returns the bytes or flops (see Metric) of one operation at size n.
	Work func(n int) float64
	// Setup returns the implementations at size n: the gocuda variants,
	// then HandSerial and HandParallel. It is cheap: the inputs and the
	// outputs are made on first use, so that listing the variants allocates
	// nothing. The variants share both (they run one at a time, and Check
	// resets the outputs): a memory-bound loop's speed depends on the
	// distance between its buffers (buffers a large power of two apart
	// alias in the caches), so variants with outputs of their own would be
	// compared on different memory.
	Setup func(dev *gocuda.Device, n int) []Variant
}

// A Variant is one implementation of a Kernel at one size.
type Variant struct {
	Name string
	// Run performs the operation once. It may update its outputs in place
	// (SAXPY does), so run Check before timing, not after.
	Run func() error
	// Check resets the outputs, runs the operation once and compares the
	// result with a sequential host reference, returning an error that
	// describes the first difference.
	Check func() error
}

// Kernels returns the comparisons, in report order.
func Kernels() []Kernel {
	return []Kernel{saxpyKernel(), scanKernel(), reduceKernel(), nbodyKernel(), matmulKernel(), blurKernel(), mandelbrotKernel(), stencilKernel(), histogramKernel()}
}

// KernelNamed returns the Kernel with the given name.
func KernelNamed(name string) (Kernel, bool) {
	i := slices.IndexFunc(Kernels(), func(k Kernel) bool { return k.Name == name })
	if i < 0 {
		return Kernel{}, false
	}
	return Kernels()[i], true
}

// SizesFor returns k's sizes for a quick or a full run.
func (k Kernel) SizesFor(quick bool) []int {
	if quick {
		return k.Quick
	}
	return k.Sizes
}

// BenchName returns the name go test gives the sub-benchmark of
// implementation impl at size n, without the -GOMAXPROCS suffix:
// "BenchmarkSAXPY/n=1048576/impl=perThread". Every key=value level lets
// benchstat group by it (benchstat -col /impl).
func (k Kernel) BenchName(n int, impl string) string {
	return fmt.Sprintf("Benchmark%s/%s/impl=%s", k.Bench, k.SizeLabel(n), impl)
}

// SizeLabel returns the size level of k's benchmark names: "n=1048576".
func (k Kernel) SizeLabel(n int) string { return fmt.Sprintf("%s=%d", k.SizeKey, n) }

// Compiled is appended to the name of a gocuda variant run compiled by
// gocuda compile: tiledCompiled beside tiled, which runs on the runtime
// path. Every report of this package and of the gocuda command uses it.
const Compiled = "Compiled"

// SplitCompiled returns the variant name impl without the Compiled
// suffix, and whether it had it.
func SplitCompiled(impl string) (base string, compiled bool) {
	return strings.CutSuffix(impl, Compiled)
}

// Variants returns k's implementations at size n: its gocuda variants on
// the runtime path (runtimeDev, made gocuda.WithRuntimePath), the same
// compiled (on dev, named with Compiled appended), and the hand-written
// baselines. If dev runs on the runtime path too (GOCUDA_COMPILED=off),
// there are no compiled variants: their names would not say what runs.
func Variants(k Kernel, dev, runtimeDev *gocuda.Device, n int) []Variant {
	var gocudaVs, compiled, hand []Variant
	for _, v := range k.Setup(runtimeDev, n) {
		if IsBaseline(v.Name) {
			hand = append(hand, v)
		} else {
			gocudaVs = append(gocudaVs, v)
		}
	}
	if !dev.RuntimePath() {
		for _, v := range k.Setup(dev, n) {
			if !IsBaseline(v.Name) {
				v.Name += Compiled
				compiled = append(compiled, v)
			}
		}
	}
	return slices.Concat(gocudaVs, compiled, hand)
}

// checkEqual compares got with want exactly and describes the first
// difference. The comparisons choose inputs whose results are exact in
// float32 in any order of addition, so no tolerance hides a wrong answer.
func checkEqual(got, want []float32) error { return equal(got, want) }

// equal is gocudatest.Equal, which this package does not import: gocudatest
// brings go.uber.org/goleak, and the gocuda command, which users add as a
// tool, imports this package.
func equal[T comparable](got, want []T) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d elements, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			return fmt.Errorf("element %d = %v, want %v", i, got[i], want[i])
		}
	}
	return nil
}
