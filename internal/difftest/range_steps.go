package difftest

import "github.com/gocuda/gocuda/gocuda"

// RangeRunsKernel has thread i range over its run of x, from lens[i] to
// its end (runs of every length from 0 up, so that the four-element
// steps of the compiled form meet every tail): it writes 2v+k to y at
// each element's key k, and the sum of its elements, taken while the
// range goes on over the slice it began with though the body shortens
// the variable, to sums[i].
//
//gocuda:kernel RangeRunsKernel
func rangeRuns(t *gocuda.Thread, x, y, sums []float32, lens []int, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(lens) {
		return
	}
	xs, ys := x[i*run+lens[i]:(i+1)*run], y[i*run+lens[i]:(i+1)*run]
	var s float32
	for k, v := range xs {
		ys[k] = 2*v + float32(k)
		s += v
		xs = xs[:0]
	}
	sums[i] = s
}
