package compiled

import "math/bits"

// InStride reports whether stride*x + off lies in [0, n) for every x in
// [from, to), from >= 0, computed exactly (where an end's value would
// leave the ints' range, it reports false): generated code runs a row of threads
// whose index into a slice is stride*x + off without recording their
// positions where it does, since none of them can then fail there. The
// index the thread computes, with Go's wrapping arithmetic, is congruent
// to the exact value modulo 2^64, so equal to it where that is in range;
// and a linear function in range at both ends is in range between.
func InStride(stride, off, from, to, n int) bool {
	// Where every operand is at most 2^30 in magnitude, the products and
	// sums cannot leave the ints' range: two multiplications and two
	// unsigned comparisons, no division. The Blelloch scan's tree checks
	// two indexes a step, twenty steps a block.
	if uint(from) < uint(to) && uint(to) <= small && uint(stride+small) <= 2*small && uint(off+small) <= 2*small {
		return uint(stride*from+off) < uint(n) && uint(stride*(to-1)+off) < uint(n)
	}
	return inStrideExact(stride, off, from, to, n)
}

// small bounds the operands InStride's short form takes.
const small = 1 << 30

// inStrideExact is InStride for any operands.
func inStrideExact(stride, off, from, to, n int) bool {
	if from >= to {
		return true
	}
	return inLine(stride, off, from, n) && inLine(stride, off, to-1, n)
}

// inLine reports whether stride*x + off, computed exactly (in 128 bits),
// is in [0, n), for x >= 0 (false for a negative x: the rows' threads are
// not).
func inLine(stride, off, x, n int) bool {
	if x < 0 || n <= 0 {
		return false
	}
	m := uint64(stride)
	if stride < 0 {
		m = -m // |stride|, 2^63 for the least int
	}
	hi, lo := bits.Mul64(m, uint64(x))
	if stride < 0 { // the product's two's complement
		hi, lo = ^hi, ^lo+1
		if lo == 0 {
			hi++
		}
	}
	ext := uint64(0) // off's sign, extended to the high word
	if off < 0 {
		ext = ^ext
	}
	lo, carry := bits.Add64(lo, uint64(off), 0)
	hi, _ = bits.Add64(hi, ext, carry)
	return hi == 0 && lo < uint64(n)
}
