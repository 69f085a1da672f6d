package bench_test

import (
	"fmt"
	"math"
	syncatomic "sync/atomic"
	"testing"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/internal/bench"
)

// BenchmarkAtomicAdd measures atomic.Add, the cost of one atomic add to one
// address, against what hand-written Go would use: for float32 a
// compare-and-swap loop on the bits (Go has no atomic float add), for int64
// sync/atomic.AddInt64. contended=false is one goroutine adding to its own
// word, against the hand-written add on one goroutine (impl=handSerial);
// contended=true is GOMAXPROCS goroutines (b.RunParallel) adding to one
// shared word, so the cache line moves between cores on every add, as
// atomics on one address serialize on a GPU, against the hand-written add
// on as many goroutines (impl=handParallel).
//
// Every sub-benchmark calls its add directly, as a kernel would, so that
// sync/atomic.AddInt64 is compiled inline as it is in real code.
func BenchmarkAtomicAdd(b *testing.B) { runSuite(b, "AtomicAdd") }

func atomicAddSuite(tb testing.TB, short bool) []benchCase {
	name := func(typ string, contended bool, impl string) string {
		return fmt.Sprintf("type=%s/contended=%t/impl=%s", typ, contended, impl)
	}
	return []benchCase{
		{name("float32", false, "gocuda"), func(b *testing.B) {
			p := new(float32)
			for b.Loop() {
				atomic.Add(p, 1)
			}
		}},
		{name("float32", false, bench.HandSerial), func(b *testing.B) {
			p := new(float32)
			for b.Loop() {
				handAddFloat32(p, 1)
			}
		}},
		{name("float32", true, "gocuda"), func(b *testing.B) {
			p := new(float32)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					atomic.Add(p, 1)
				}
			})
		}},
		{name("float32", true, bench.HandParallel), func(b *testing.B) {
			p := new(float32)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					handAddFloat32(p, 1)
				}
			})
		}},
		{name("int64", false, "gocuda"), func(b *testing.B) {
			p := new(int64)
			for b.Loop() {
				atomic.Add(p, 1)
			}
		}},
		{name("int64", false, bench.HandSerial), func(b *testing.B) {
			p := new(int64)
			for b.Loop() {
				syncatomic.AddInt64(p, 1)
			}
		}},
		{name("int64", true, "gocuda"), func(b *testing.B) {
			p := new(int64)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					atomic.Add(p, 1)
				}
			})
		}},
		{name("int64", true, bench.HandParallel), func(b *testing.B) {
			p := new(int64)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					syncatomic.AddInt64(p, 1)
				}
			})
		}},
	}
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
