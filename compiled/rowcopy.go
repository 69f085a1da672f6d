package compiled

import (
	"math/bits"
	"unsafe"
)

// rowLimit bounds the operands RowCopy takes apart: sums of four of them
// cannot wrap.
const rowLimit = 1 << (bits.UintSize/2 + 8)

// RowCopy returns the keys [lo, hi), within [from, to), over which a
// tile's row copies element q+k of a slice of srcLen elements to element
// p+k of one of dstLen (generated code: dst[p+k] = src[q+k]) with neither
// index out of range; where clamped, the row reads src[min(max(q+k, 0),
// n-1)] and the part is also where the clamp leaves q+k alone. The part
// can then be copied at once, and only the keys before and after it need
// the row's own code. ok is false where the part is empty or an operand
// is so large that the sums might wrap.
func RowCopy(from, to, p, q, n, dstLen, srcLen int, clamped bool) (lo, hi int, ok bool) {
	if !inRowLimit(from) || !inRowLimit(to) || !inRowLimit(p) || !inRowLimit(q) || !inRowLimit(n) {
		return 0, 0, false
	}
	lo, hi = max(from, -p, -q), min(to, dstLen-p, srcLen-q)
	if clamped {
		hi = min(hi, n-q)
	}
	return lo, hi, lo < hi
}

// inRowLimit reports whether -rowLimit < v < rowLimit, with one
// comparison: RowCopy runs once a tile's row, and a loop over its
// operands cost a blur's shared tile a twentieth of its time.
func inRowLimit(v int) bool { return uint(v+(rowLimit-1)) < 2*rowLimit-1 }

// Disjoint reports whether slices a and b share no memory: a copy from
// one to the other then reads what an element-by-element loop would, and
// a store to b cannot change an element of a. Their element types may
// differ (a tile of arrays and a slice of one of its rows).
func Disjoint[T, U any](a []T, b []U) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	pa, pb := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa+uintptr(len(a))*unsafe.Sizeof(a[0]) <= pb || pb+uintptr(len(b))*unsafe.Sizeof(b[0]) <= pa
}

// spanRows bounds the rows Span takes: with offsets' steps below
// rowLimit, no row's offset can wrap.
const spanRows = 1 << 20

// Span returns the least and greatest values, over the keys first to
// last, of an affine function of the key (generated code: a tile's row
// offset), from its values f0 at first, f1 at first+1 and fl at last. ok
// is false where there are no keys, where they or the values are so large
// that an offset between might wrap, or where the values are not those of
// one affine function. Go's int arithmetic is exact modulo 2^64, so a
// function built of + - * has the step f1-f0 at every key, and with that
// step and the span small, the function's values lie between f0 and fl.
func Span(first, last, f0, f1, fl int) (lo, hi int, ok bool) {
	const l = rowLimit // each of first, last, f0 and fl in [-l, l), with one comparison, 2l being a power of two
	if (uint(first+l)|uint(last+l)|uint(f0+l)|uint(fl+l)) >= 2*l || uint(last-first) > spanRows {
		return 0, 0, false
	}
	if d := f1 - f0; first < last && (uint(d+l) >= 2*l || fl-f0 != d*(last-first)) {
		return 0, 0, false
	}
	return min(f0, fl), max(f0, fl), true
}

// RowsFit reports whether every row of a tile's walk copies whole and in
// range (generated code: dst[p+k] = src[i:][q+k] for keys k in [from, to),
// or src[i:][min(max(q+k, 0), n-1)] where clamped), for row offsets p in
// [pl, ph] and i in [il, ih] (Span's), with the clamp leaving q+k alone:
// the rows can then be copied one after another, none failing. Span and
// RowsFit run once a walk and are inlined, since a call of each costs the
// shared blur measurably (BenchmarkBlur's shared).
func RowsFit(from, to, q, n, pl, ph, il, ih, dstLen, srcLen int, clamped bool) bool {
	const l = rowLimit
	return (uint(from+l)|uint(to+l)|uint(q+l)|uint(n+l)) < 2*l && from < to &&
		pl+from >= 0 && ph+to <= dstLen && // dst[p+k]
		il >= 0 && ih <= srcLen && // src[i:]
		q+from >= 0 && ih+q+to <= srcLen && // src[i:][q+k]
		(!clamped || q+to <= n)
}
