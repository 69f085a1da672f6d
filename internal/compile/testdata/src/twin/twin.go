// Package twin has a kernel calling, per thread, a helper that sums a run
// with eight accumulators: the SIMD build's file holds the helper's twin,
// and both files' source records cover the helper.
package twin

import "github.com/gocuda/gocuda/gocuda"

// SumRuns has thread i sum run i of in into out[i].
//
//gocuda:kernel SumRunsKernel
func sumRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = sumEight(in[i*run : (i+1)*run])
	}
}

// sumEight adds run with eight accumulators.
func sumEight(run []float32) float32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(run) >= 8 {
		r := run[:8:8]
		s0 += r[0]
		s1 += r[1]
		s2 += r[2]
		s3 += r[3]
		s4 += r[4]
		s5 += r[5]
		s6 += r[6]
		s7 += r[7]
		run = run[8:]
	}
	for _, v := range run {
		s0 += v
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}
