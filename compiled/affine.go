package compiled

import (
	"math"
	"math/bits"
)

// IndexesIn reports whether c*i + d lies in [0, n) for every i from lo
// to last, inclusive (true where lo > last: no index at all). Generated
// code asks it before a thread's loop, indexing at c*i + d on its counter
// i, runs jammed with other threads' (kir's jam pass): where it does not
// hold, the thread's loop runs alone, in its place, so that a failing
// index names that thread. The products and sums are exact: a value
// that would wrap makes it false.
func IndexesIn(c, d, lo, last, n int) bool {
	if lo > last {
		return true
	}
	return affineIn(c, d, lo, n) && affineIn(c, d, last, n)
}

// affineIn reports whether c*i + d, computed exactly, lies in [0, n):
// an affine function's values between two points lie between its values
// at them.
func affineIn(c, d, i, n int) bool {
	hi, lo := bits.Mul64(uint64(abs(c)), uint64(abs(i)))
	if hi != 0 || lo > 1<<63-1 {
		return false
	}
	p := int(lo)
	if (c < 0) != (i < 0) {
		p = -p
	}
	s := p + d
	if d > 0 && s < p || d < 0 && s > p {
		return false
	}
	return s >= 0 && s < n
}

// abs returns |x|, as an unsigned value (math.MinInt's is 1<<63).
func abs(x int) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// StepsIn reports whether a loop's counter, at most last, can step by
// step without passing math.MaxInt (generated code's test for
// IndexesIn's bounds to hold on every trip): step is positive and
// last + step does not wrap.
func StepsIn(last, step int) bool { return step > 0 && last <= math.MaxInt-step }
