//go:build goexperiment.simd && amd64

package bench_test

import (
	"simd/archsimd"
	"testing"

	"github.com/gocuda/gocuda/bench"
)

// BenchmarkRoofline measures the memory roofline of the reduction on this
// machine: the hand-written parallel sum of 2^24 float32 as the Reduce
// benchmark's baseline writes it (impl=handParallel, eight scalar
// accumulators), and the same sum with AVX2 vectors (impl=handSIMD, two
// vector accumulators). Where the two take the same time, the sum is bound
// by memory bandwidth, not by arithmetic: no SIMD form, compiled or
// hand-written, can beat the scalar baseline by much. The vector sum adds
// in another order, so its result is checked against the scalar one to a
// tolerance.
func BenchmarkRoofline(b *testing.B) {
	benchSums(b, []namedSum{{bench.HandParallel, bench.ReduceSerial}, {"handSIMD", sumSIMD}})
}

// sumSIMD adds x with two eight-lane vector accumulators, then the tail.
func sumSIMD(x []float32) float32 {
	a := archsimd.BroadcastFloat32x8(0)
	c := a
	for len(x) >= 16 {
		a = a.Add(archsimd.LoadFloat32x8Slice(x))
		c = c.Add(archsimd.LoadFloat32x8Slice(x[8:]))
		x = x[16:]
	}
	var lanes [8]float32
	a.Add(c).Store(&lanes)
	var s float32
	for _, v := range lanes {
		s += v
	}
	for _, v := range x {
		s += v
	}
	return s
}
