//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -simd512

// Package variants holds rewordings of the textbook kernels the project
// benchmarks, written the way students and other codebases write them:
// other operators (min, max, xor) and element types (int32, float64), lane
// arithmetic (tid % 32 instead of LaneID), loop forms (>>= 1, doubling,
// while-style), helpers or inline code, one or several elements per
// thread. Each kernel's doc comment names the original it rewords and in
// what. They are the measuring stick of issue 83 (a compiler whose speed
// carries over to code nobody benchmarked): BenchmarkVariants in package
// bench runs every variant compiled beside its original and hand-written
// Go, and the tests here run each on both paths against a sequential host
// reference.
//
// The kernels use only gocuda's public API. Where a variant computes
// something other than its original (a min instead of a sum, float64
// instead of float32), it does so over the same number of elements, and
// BenchmarkVariants relates it to the original's hand-written Go.
package variants

import (
	"fmt"
	"sync"

	"github.com/gocuda/gocuda/gocuda"
)

// The kinds of an Impl.
const (
	Original = "original" // a kernel the project already benchmarks
	Reworded = "variant"  // a rewording of an original, in this package
	Hand     = "hand"     // hand-written Go doing the original's work
)

// An Algo is one textbook algorithm with its implementations: the
// originals, the variants and the hand-written baselines.
type Algo struct {
	Name  string // "blockReduce"
	Size  int    // the size BenchmarkVariants measures
	Short int    // the size of a -short run
	// Test are the sizes the tests run every variant at.
	Test  []int
	Impls []Impl
}

// An Impl is one implementation of an Algo.
type Impl struct {
	Name string // "laneMod"; for a Hand impl, bench.HandSerial or HandParallel
	Kind string // Original, Reworded or Hand
	// Of names the original a variant rewords (an Impl of Kind Original
	// of the same Algo); empty for the others.
	Of string
	// Setup returns the implementation at size n on dev, its launches on
	// the runtime path if runtimePath (originals that launch through
	// package kernels take the device's path, and hand-written Go none).
	// It allocates nothing: inputs are made on first use and shared by
	// the implementations of an Algo at a size.
	Setup func(dev *gocuda.Device, n int, runtimePath bool) Instance
}

// An Instance is an Impl at one size on one device.
type Instance struct {
	// Run performs the operation once; it may update its outputs in place.
	Run func() error
	// Check resets the outputs, runs the operation once and compares the
	// result with a sequential host reference.
	Check func() error
}

// Algos returns every algorithm with its implementations.
func Algos() []Algo {
	return []Algo{blockReduceAlgo(), harrisAlgo(), hillisSteeleAlgo(), blellochAlgo(), saxpyAlgo(), matmulAlgo(), nbodyAlgo(), histogramAlgo()}
}

// cacheKey names a shared input or output: its kind and size.
type cacheKey struct {
	name string
	n    int
}

var cache sync.Map // cacheKey → slice

// shared returns the slice named name of size n, made by mk on first use
// and shared from then on, so that every implementation of an Algo reads
// and writes the same memory.
func shared[T any](name string, n int, mk func(n int) []T) []T {
	k := cacheKey{name, n}
	if v, ok := cache.Load(k); ok {
		return v.([]T)
	}
	v, _ := cache.LoadOrStore(k, mk(n))
	return v.([]T)
}

// config is a one-dimensional launch of blocks blocks of threads threads.
func config(blocks, threads int, runtimePath bool) gocuda.Config {
	return gocuda.Config{Grid: gocuda.Dim3{X: max(1, blocks)}, Block: gocuda.Dim3{X: threads}, RuntimePath: runtimePath}
}

// ceil is ceil(a/b) for a >= 0, b > 0.
func ceil(a, b int) int { return (a + b - 1) / b }

// hash32 is a deterministic scramble of i: inputs with every bit pattern.
func hash32(i int) uint32 { return uint32(i) * 2654435761 }

// result returns an Instance that computes a value with run and compares it
// exactly with want.
func result[R comparable](run func() (R, error), want func() R) Instance {
	return Instance{
		Run: func() error { _, err := run(); return err },
		Check: func() error {
			got, err := run()
			if err != nil {
				return err
			}
			if w := want(); got != w {
				return fmt.Errorf("result %v, want %v", got, w)
			}
			return nil
		},
	}
}

// equal compares got with want exactly and describes the first difference.
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
