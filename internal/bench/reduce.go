package bench

import (
	"cmp"
	"slices"
	"sync"
)

// ReduceSerial returns the sum of x with a plain loop: the serial baseline.
// It keeps eight independent accumulators, so that consecutive additions
// do not wait on one another's results (one accumulator would make the
// loop as slow as the latency of a float add), and adds them pairwise at
// the end.
func ReduceSerial(x []float32) float32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(x) >= 8 {
		v := x[:8:8] // one bounds check for eight loads
		s0 += v[0]
		s1 += v[1]
		s2 += v[2]
		s3 += v[3]
		s4 += v[4]
		s5 += v[5]
		s6 += v[6]
		s7 += v[7]
		x = x[8:]
	}
	for _, v := range x {
		s0 += v
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

// ReduceParallel returns the sum of x computed by ReduceSerial on
// GOMAXPROCS contiguous parts, one goroutine each (see Parallel), the
// parts' sums then added in order: the hand-written parallel baseline. The
// order makes the result the same from run to run.
func ReduceParallel(x []float32) float32 {
	type part struct {
		lo  int
		sum float32
	}
	var (
		mu    sync.Mutex
		parts []part
	)
	Parallel(len(x), func(lo, hi int) {
		s := ReduceSerial(x[lo:hi])
		mu.Lock()
		parts = append(parts, part{lo, s})
		mu.Unlock()
	})
	slices.SortFunc(parts, func(a, b part) int { return cmp.Compare(a.lo, b.lo) })
	var sum float32
	for _, p := range parts {
		sum += p.sum
	}
	return sum
}
