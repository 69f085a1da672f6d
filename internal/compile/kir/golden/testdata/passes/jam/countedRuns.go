// Package jam holds the inputs of the jam pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package jam

import "github.com/gocuda/gocuda/gocuda"

// countedRuns sums a run of in per thread with the counter Go
// programmers write by hand, four elements a trip (the coarsened scan's
// run sums): the helper indexes at its counter plus constants below the
// margin its loop's condition keeps: jammed.
//
// jam runs four threads' calls of counted at once, interleaved.
func countedRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = counted(in[i*run : (i+1)*run])
}

// A helper: counted adds s with four accumulators, then the rest.
func counted(s []float32) float32 {
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
