package vector

import "github.com/gocuda/gocuda/gocuda"

// sumRuns adds a run of in per thread with sumEight's eight accumulators.
//
// vector marks the call of sumEight, whose loop keeps eight accumulators
// of one shape, to call its SIMD twin.
func sumRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = sumEight(in[i*run : (i+1)*run])
	}
}

// A helper: sumEight is the eight-accumulator sum of a run: a twin.
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
