package compiled

// InStride reports whether stride*x + off lies in [0, n) for every x in
// [from, to), from >= 0, computed exactly (where an end's value would
// leave the ints' range, it reports false): generated code runs a row of threads
// whose index into a slice is stride*x + off without recording their
// positions where it does, since none of them can then fail there. The
// index the thread computes, with Go's wrapping arithmetic, is congruent
// to the exact value modulo 2^64, so equal to it where that is in range;
// and a linear function in range at both ends is in range between.
func InStride(stride, off, from, to, n int) bool {
	if from >= to {
		return true
	}
	return inLine(stride, off, from, n) && inLine(stride, off, to-1, n)
}

// inLine reports whether stride*x + off, computed exactly, is in [0, n),
// for x >= 0 (false for a negative x: the rows' threads are not).
func inLine(stride, off, x, n int) bool {
	if x < 0 {
		return false
	}
	p := stride * x
	if x != 0 && p/x != stride {
		return false // the product leaves the ints' range
	}
	s := p + off
	if off > 0 && s < p || off < 0 && s > p {
		return false
	}
	return s >= 0 && s < n
}
