package difftest

import "github.com/gocuda/gocuda/gocuda"

// JamCountedKernel sums, for thread i of the grid, its run in[lo:hi]
// of the runs bounds gives (lo = bounds[i], hi = bounds[i+1]) into
// sums[i] with countedSum, the loop Go programmers write by hand: a
// counter stepping by four over four accumulators, then the rest. The
// default build runs four threads' sums at once (the jam pass); the
// SIMD build calls the helper's twin, its accumulators a vector.
//
//gocuda:kernel JamCountedKernel
func jamCounted(t *gocuda.Thread, in, sums []float32, bounds []int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	sums[i] = countedSum(in[bounds[i]:bounds[i+1]])
}

// countedSum returns the sum of s with four accumulators, four
// elements a trip, then the elements left one by one into the first.
func countedSum(s []float32) float32 {
	var a, b, c, d float32
	i := 0
	for ; i+4 <= len(s); i += 4 {
		a += s[i]
		b += s[i+1]
		c += s[i+2]
		d += s[i+3]
	}
	for ; i < len(s); i++ {
		a += s[i]
	}
	return (a + b) + (c + d)
}
