package compiled

import "math"

// MinSegment is the shortest run of threads, d, over which generated code
// divides once instead of once per thread (Segmented).
const MinSegment = 8

// Segmented reports whether a row of threads x in [from, to), from >= 0,
// dividing x+off by d, may run in segments of one quotient: d is at least
// MinSegment, and every dividend x+off is non-negative and, like the
// segment ends, within the ints' range. Elsewhere generated code divides
// per thread, as the kernel does, with Go's semantics for negative
// dividends and its panic for a zero divisor.
func Segmented(off, d, from, to int) bool {
	return d >= MinSegment && off >= -from && off <= math.MaxInt-to && d <= math.MaxInt-to
}
