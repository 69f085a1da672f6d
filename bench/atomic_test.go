package bench_test

import (
	"math"
	syncatomic "sync/atomic"
	"testing"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
)

// BenchmarkAtomicAdd measures atomic.Add, the cost of one atomic add to one
// address, against what hand-written Go would use: for float32 a
// compare-and-swap loop on the bits (Go has no atomic float add), for int64
// sync/atomic.AddInt64. uncontended is one goroutine adding to its own
// word; contended is GOMAXPROCS goroutines (b.RunParallel) adding to one
// shared word, so the cache line moves between cores on every add, as
// atomics on one address serialize on a GPU.
//
// Every sub-benchmark calls its add directly, as a kernel would, so that
// sync/atomic.AddInt64 is compiled inline as it is in real code.
func BenchmarkAtomicAdd(b *testing.B) {
	b.Run("float32/uncontended/gocuda", func(b *testing.B) {
		p := new(float32)
		for b.Loop() {
			atomic.Add(p, 1)
		}
	})
	b.Run("float32/uncontended/handCAS", func(b *testing.B) {
		p := new(float32)
		for b.Loop() {
			handAddFloat32(p, 1)
		}
	})
	b.Run("float32/contended/gocuda", func(b *testing.B) {
		p := new(float32)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				atomic.Add(p, 1)
			}
		})
	})
	b.Run("float32/contended/handCAS", func(b *testing.B) {
		p := new(float32)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				handAddFloat32(p, 1)
			}
		})
	})
	b.Run("int64/uncontended/gocuda", func(b *testing.B) {
		p := new(int64)
		for b.Loop() {
			atomic.Add(p, 1)
		}
	})
	b.Run("int64/uncontended/syncAtomic", func(b *testing.B) {
		p := new(int64)
		for b.Loop() {
			syncatomic.AddInt64(p, 1)
		}
	})
	b.Run("int64/contended/gocuda", func(b *testing.B) {
		p := new(int64)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				atomic.Add(p, 1)
			}
		})
	})
	b.Run("int64/contended/syncAtomic", func(b *testing.B) {
		p := new(int64)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				syncatomic.AddInt64(p, 1)
			}
		})
	})
}

// handAddFloat32 is the float atomic add a Go programmer writes by hand: a
// compare-and-swap loop on the float's bits. It returns the new value, as
// sync/atomic's adds do.
func handAddFloat32(p *float32, v float32) float32 {
	w := (*uint32)(unsafe.Pointer(p))
	for {
		old := syncatomic.LoadUint32(w)
		sum := math.Float32frombits(old) + v
		if syncatomic.CompareAndSwapUint32(w, old, math.Float32bits(sum)) {
			return sum
		}
	}
}
