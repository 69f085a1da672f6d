package jam

import "github.com/gocuda/gocuda/gocuda"

// gridSums adds thread g's runs g, g+s, g+2s, ... of in (s the grid's
// threads) with sumEight, the sum kept across a barrier: the SIMD build
// runs two threads' calls as one.
//
// jam runs two threads' calls of sumEight's twin in the lockstep
// loop at a time, their loops interleaved.
func gridSums(t *gocuda.Thread, in, out []float32, run int) {
	n := len(in)
	var v float32
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for lo := g * run; lo < n; lo += t.BlockDim.X * t.GridDim.X * run {
		v += sumEight(in[lo:min(lo+run, n)])
	}
	t.SyncThreads()
	out[g] = v
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
