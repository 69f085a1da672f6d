//go:build goexperiment.simd && amd64

package bench_test

import (
	"simd/archsimd"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
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

// BenchmarkRooflineSAXPY measures how close one core comes to the memory
// roofline that two reach, for SAXPY of 2^24 float32 (issue 18's
// one-worker target): kernels.SAXPY compiled on a device of one worker
// (impl=perThreadOneWorker, its vector steps), the same loop written by
// hand with the widest vectors the CPU has on one goroutine
// (impl=handSIMDOneCore), and the hand-written parallel loop on every
// core (impl=handParallel, the SAXPY benchmark's baseline). Where
// handSIMDOneCore is as slow as perThreadOneWorker, one core is bounded
// by the memory it can keep in flight, not by the kernel's code.
func BenchmarkRooflineSAXPY(b *testing.B) {
	const n, a = 1 << 24, 0.5
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i] = float32(i%1000) / 4 // a*x+y is exact in float32
	}
	one := newDevice(b, gocuda.WithWorkers(1))
	impls := []struct {
		name string
		run  func() error
	}{
		{"perThreadOneWorker", func() error { return kernels.SAXPY(one, a, x, y) }},
		{"handSIMDOneCore", func() error { saxpySIMD(a, x, y); return nil }},
		{bench.HandParallel, func() error { bench.SAXPYParallel(a, x, y); return nil }},
	}
	for _, impl := range impls {
		b.Run("n=16777216/impl="+impl.name, func(b *testing.B) {
			clear(y)
			must(b, impl.run())
			for _, i := range []int{0, 1, 999, n - 1} {
				if want := a * x[i]; y[i] != want {
					b.Fatalf("y[%d] = %v, want %v", i, y[i], want)
				}
			}
			b.SetBytes(12 * n)
			for b.Loop() {
				must(b, impl.run())
			}
		})
	}
}

// saxpySIMD computes y = a*x + y sixteen lanes at a time where the CPU
// has AVX-512, eight where it has AVX2, then the rest one by one: no
// multiply-add, as SAXPY's kernel computes it.
func saxpySIMD(a float32, x, y []float32) {
	y = y[:len(x)]
	i := 0
	if archsimd.X86.AVX512() {
		av := archsimd.BroadcastFloat32x16(a)
		for ; i+16 <= len(x); i += 16 {
			av.Mul(archsimd.LoadFloat32x16Slice(x[i:])).Add(archsimd.LoadFloat32x16Slice(y[i:])).StoreSlice(y[i:])
		}
	}
	if archsimd.X86.AVX2() {
		av := archsimd.BroadcastFloat32x8(a)
		for ; i+8 <= len(x); i += 8 {
			av.Mul(archsimd.LoadFloat32x8Slice(x[i:])).Add(archsimd.LoadFloat32x8Slice(y[i:])).StoreSlice(y[i:])
		}
		archsimd.ClearAVXUpperBits()
	}
	for ; i < len(x); i++ {
		y[i] += a * x[i]
	}
}
