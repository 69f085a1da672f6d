package compiled

import (
	"errors"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// Adds reports whether x + off stays in the ints' range for every x in
// [0, n): generated code bounds a guard on a thread's x index plus off by
// bounds on x alone (Diff) where it does, and fails the launch with
// ErrGuardWraps elsewhere.
func Adds(off, n int) bool { return n <= 0 || off <= math.MaxInt-(n-1) }

// Diff returns x - off, saturating at the ints' range instead of
// wrapping: generated code subtracts a uniform offset from a guard's
// bound with it (i := base + tx; if i < n), and the bound must keep its
// order.
func Diff(x, off int) int {
	d := x - off
	switch {
	case off > 0 && d > x:
		return math.MinInt
	case off < 0 && d < x:
		return math.MaxInt
	}
	return d
}

// Fits reports whether off + x lies in [lo, hi) for every x in [from,
// to): generated code reads a guard computed in a narrow integer type
// (i := int32(bx)*int32(bdx) + int32(tx); if i < n) as off + tx in int,
// which is its value where the sum lies in the type's range, and fails
// the launch with ErrGuardWraps elsewhere.
func Fits(off, from, to, lo, hi int) bool {
	return from >= to || from >= Diff(lo, off) && to <= Diff(hi, off)
}

// ErrGuardWraps is what a compiled kernel panics with where a guard on
// the thread's x index plus an offset (i := off + tx; if i < n) would see
// the sum pass its type's range (math.MaxInt, or an int32's) and wrap for
// a thread of the block: the compiled loop runs the threads a guard
// admits as one range of x, which the wrapped sums need not be. The
// runtime path (Config.RuntimePath) runs such a launch.
var ErrGuardWraps = errors.New("gocuda: compiled code: a guard's thread index plus an offset passes its type's range (run the launch with RuntimePath)")

// maxScale is the largest k for which k*x cannot wrap for any thread's x
// index (below gocuda.MaxThreadsPerBlock).
const maxScale = math.MaxInt / gocuda.MaxThreadsPerBlock

// ScaledBelow returns where a guard k*x < y stops admitting a thread's x
// index: the least x >= 0 with k*x >= y, which generated code bounds the
// threads of a row by (Harris's index := 2*s*tid; index < blockDim.x). It
// returns math.MaxInt, no bound, where k is not positive, or large enough
// for k*x to wrap: there the guard does not admit a range of x.
func ScaledBelow(y, k int) int {
	if k <= 0 || k > maxScale {
		return math.MaxInt
	}
	if y <= 0 {
		return 0
	}
	return (y-1)/k + 1
}

// ScaledAtMost is ScaledBelow for a guard k*x <= y: the least x >= 0 with
// k*x > y.
func ScaledAtMost(y, k int) int {
	if k <= 0 || k > maxScale {
		return math.MaxInt
	}
	if y < 0 {
		return 0
	}
	return min(y/k, gocuda.MaxThreadsPerBlock) + 1 // no x reaches the bound: it may not wrap
}

// ScaledOffBelow is ScaledBelow for a guard k*x+off < y, as in
// index := 2*s*tid; if index+s < blockDim.x. It returns math.MaxInt, no
// bound, where k*x+off could wrap for a thread's x.
func ScaledOffBelow(y, k, off int) int {
	if k <= 0 || k > maxScale || off > math.MaxInt-k*gocuda.MaxThreadsPerBlock {
		return math.MaxInt
	}
	return ScaledBelow(Diff(y, off), k)
}

// ScaledOffAtMost is ScaledOffBelow for a guard k*x+off <= y.
func ScaledOffAtMost(y, k, off int) int {
	if k <= 0 || k > maxScale || off > math.MaxInt-k*gocuda.MaxThreadsPerBlock {
		return math.MaxInt
	}
	return ScaledAtMost(Diff(y, off), k)
}

// EveryFrom returns where a loop over the threads x >= from that a guard
// x%m == c admits starts, and its step: the first such x, and m (Harris's
// reduction kernel 1: if tid%(2*s) == 0); exact reports that the guard
// holds for every x the loop visits, so that generated code may drop it.
// Where m is not positive (the guard fails), c is no residue of m (it
// admits none), or m is so large that the loop's steps could wrap, it
// returns from, 1 and false: every thread, whose guard decides.
func EveryFrom(from, m, c int) (start, step int, exact bool) {
	if m <= 0 || m > maxScale || c < 0 || c >= m || from < 0 {
		return from, 1, false
	}
	return from + (c-from%m+m)%m, m, true
}

// MaskPeriod returns m+1 where m is a mask of low bits (2^j - 1, j >= 0):
// then x&m == c and x%(m+1) == c admit the same x >= 0, so a guard
// written with the mask steps as EveryFrom's residue class does (Harris's
// kernel 1 as tid&(2*s-1) == 0). Elsewhere it returns 0, which EveryFrom
// takes as no class: every thread, whose guard decides.
func MaskPeriod(m int) int {
	if m < 0 || m == math.MaxInt || m&(m+1) != 0 {
		return 0
	}
	return m + 1
}
