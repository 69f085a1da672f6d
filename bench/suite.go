package bench

import (
	"slices"
	"time"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// The names of the hand-written baselines, which every Kernel offers
// beside its gocuda variants.
const (
	HandSerial   = "handSerial"
	HandParallel = "handParallel"
)

// The metrics a Kernel's work is reported in.
const (
	GBps   = "GB/s"    // Work is bytes read and written per operation
	GFLOPs = "GFLOP/s" // Work is floating-point operations per operation
)

// A Kernel is one comparison: a computation, the sizes it is measured at,
// and how to set up its implementations at a size. The go test benchmarks
// of this package and the gocuda command's bench both run the Kernels.
type Kernel struct {
	Name   string // lower case, as in reports: "saxpy"
	Metric string // GBps or GFLOPs
	Sizes  []int  // problem sizes of a full run
	Quick  []int  // problem sizes of a quick run
	// SizeName describes n for reports: "n", or "bodies", or "matrix n×n".
	SizeName string
	// Work returns the bytes or flops (see Metric) of one operation at size n.
	Work func(n int) float64
	// Setup makes inputs of size n and returns the implementations: the
	// gocuda variants, then HandSerial and HandParallel. They share the
	// inputs; each has its own outputs.
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
	return []Kernel{saxpyKernel(), scanKernel(), reduceKernel(), nbodyKernel(), matmulKernel(), blurKernel()}
}

// Compiled is appended to the name of a gocuda variant run compiled by
// gocuda compile: tiledCompiled beside tiled, which runs on the runtime
// path.
const Compiled = "Compiled"

// Variants returns k's implementations at size n: its gocuda variants on
// the runtime path (runtimeDev, made gocuda.WithRuntimePath), the same
// compiled (on dev, named with Compiled appended), and the hand-written
// baselines.
func Variants(k Kernel, dev, runtimeDev *gocuda.Device, n int) []Variant {
	var gocudaVs, compiled, hand []Variant
	for _, v := range k.Setup(runtimeDev, n) {
		if v.Name == HandSerial || v.Name == HandParallel {
			hand = append(hand, v)
		} else {
			gocudaVs = append(gocudaVs, v)
		}
	}
	for _, v := range k.Setup(dev, n) {
		if v.Name != HandSerial && v.Name != HandParallel {
			v.Name += Compiled
			compiled = append(compiled, v)
		}
	}
	return slices.Concat(gocudaVs, compiled, hand)
}

// KernelNamed returns the Kernel with the given name.
func KernelNamed(name string) (Kernel, bool) {
	i := slices.IndexFunc(Kernels(), func(k Kernel) bool { return k.Name == name })
	if i < 0 {
		return Kernel{}, false
	}
	return Kernels()[i], true
}

// Measure times v: after one warm-up run, it takes samples samples, each
// the mean time of as many runs as fill minTime, and returns their median
// in nanoseconds per operation. The median keeps a noisy machine's
// outliers out.
func Measure(v Variant, minTime time.Duration, samples int) (float64, error) {
	if err := v.Run(); err != nil {
		return 0, err
	}
	times := make([]float64, 0, samples)
	batch := 1
	for len(times) < samples {
		start := time.Now()
		for range batch {
			if err := v.Run(); err != nil {
				return 0, err
			}
		}
		elapsed := time.Since(start)
		if elapsed < minTime && batch < 1<<30 {
			batch = nextBatch(batch, elapsed, minTime)
			continue
		}
		times = append(times, float64(elapsed.Nanoseconds())/float64(batch))
	}
	slices.Sort(times)
	return times[len(times)/2], nil
}

// nextBatch grows a batch that took elapsed towards minTime, as package
// testing does: aim 20% past it, at most 100× at once.
func nextBatch(batch int, elapsed, minTime time.Duration) int {
	if elapsed <= 0 {
		return batch * 100
	}
	want := int(float64(batch) * 1.2 * float64(minTime) / float64(elapsed))
	return min(max(want, batch+1), batch*100)
}

// checkEqual compares got with want exactly and describes the first
// difference. The comparisons choose inputs whose results are exact in
// float32 in any order of addition, so no tolerance hides a wrong answer.
func checkEqual(got, want []float32) error { return gocudatest.Equal(got, want) }
