package bench_test

import (
	"math"
	"runtime"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/internal/bench"
)

// BenchmarkReducePattern measures what the access pattern of Harris's
// reductions costs on this machine, with no gocuda in it: the
// hand-written parallel sum of 2^24 float32 (impl=handParallel, the
// Reduce benchmark's baseline, reading each half of the array in order)
// against the same sum written by hand in the order in which Harris's
// kernels 4 to 7 read it (impl=handHarrisOrder): each block of 256 threads
// adds in[i] and in[i+256] for the 512 elements it covers, so memory is
// read as two streams 1 KiB apart, the next block's after. Where the
// second is much slower, the compiled kernels' loads are bounded by it,
// whatever the compiler does with the rest.
//
// The impl=hand*Order variants add each kernel's block reduction to that
// read order, written by hand as plain loops over a block-sized array:
// the sequential-addressing tree of kernel 4 (handFirstAddOrder), kernel
// 5's tree to 64 then its last warp's six steps (handUnrolledWarpOrder),
// and the warp-shuffle reduction's five shuffle-down steps per warp of 32,
// then five over the warps' sums (handWarpShuffleOrder). They measure what
// the kernels' own order of work reaches on this machine.
// impl=handWarpShuffleTree is the warp-shuffle order written out as a
// tree per warp, its partial sums in registers (the same sums, bit for
// bit): the floor of that order, which handWarpShuffleOrder's in-place
// steps are far above.
// impl=handFirstAddTwoPass is kernel 4's work with each block's loads in
// two passes, its first half's elements then its second's (the same sums,
// bit for bit): the gain a compiler reordering the loads would have.
func BenchmarkReducePattern(b *testing.B) {
	benchSums(b, []namedSum{
		{bench.HandParallel, bench.ReduceSerial},
		{"handHarrisOrder", sumHarrisOrder},
		{"handFirstAddOrder", func(x []float32) float32 { return sumBlocks(x, firstAddBlock) }},
		{"handFirstAddTwoPass", func(x []float32) float32 { return sumBlocksTwoPass(x, firstAddBlock) }},
		{"handUnrolledWarpOrder", func(x []float32) float32 { return sumBlocks(x, unrolledWarpBlock) }},
		{"handWarpShuffleOrder", func(x []float32) float32 { return sumBlocks(x, warpShuffleSumBlock) }},
		{"handWarpShuffleTree", sumWarpShuffleTree},
	})
}

// A namedSum is a hand-written sum of a float32 slice, by its impl name.
type namedSum struct {
	name string
	sum  func([]float32) float32
}

// benchSums runs each sum, split over GOMAXPROCS goroutines, on the same
// 2^24 float32 as the sub-benchmark n=16777216/impl=name, after checking
// its result against bench.ReduceParallel's to a tolerance (the sums add
// in other orders).
func benchSums(b *testing.B, sums []namedSum) {
	x := make([]float32, 1<<24)
	for i := range x {
		x[i] = float32(i%7) - 3
	}
	want := float64(bench.ReduceParallel(x))
	for _, s := range sums {
		b.Run("n=16777216/impl="+s.name, func(b *testing.B) {
			if got := float64(parallelSum(x, s.sum)); math.Abs(got-want) > 1e-3*math.Abs(want)+1 {
				b.Fatalf("sum %v, want %v", got, want)
			}
			b.SetBytes(int64(4 * len(x)))
			for b.Loop() {
				parallelSum(x, s.sum)
			}
		})
	}
}

// sumHarrisOrder adds x in blocks of 2×256 elements, element k of the
// block's first half with element k of its second, eight at a time into
// eight accumulators (as bench.ReduceSerial keeps eight), then the tail.
func sumHarrisOrder(x []float32) float32 {
	const half = 256
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(x) >= 2*half {
		lo, hi := x[:half:half], x[half:2*half:2*half]
		for k := 0; k < half; k += 8 {
			a, c := lo[k:k+8:k+8], hi[k:k+8:k+8]
			s0 += a[0] + c[0]
			s1 += a[1] + c[1]
			s2 += a[2] + c[2]
			s3 += a[3] + c[3]
			s4 += a[4] + c[4]
			s5 += a[5] + c[5]
			s6 += a[6] + c[6]
			s7 += a[7] + c[7]
		}
		x = x[2*half:]
	}
	for _, v := range x {
		s0 += v
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

// parallelSum adds x's parts, split as bench.Parallel splits them (one
// goroutine each), each with sum, then the parts' sums in order.
func parallelSum(x []float32, sum func([]float32) float32) float32 {
	parts := make([]float32, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := len(x)*p/len(parts), len(x)*(p+1)/len(parts)
		wg.Go(func() { parts[p] = sum(x[lo:hi]) })
	}
	wg.Wait()
	var s float32
	for _, v := range parts {
		s += v
	}
	return s
}
