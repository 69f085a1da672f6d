package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file add each thread's runs of a slice with a
// helper keeping eight accumulators, in a grid-stride loop, as the
// coarsened reduction does: the SIMD build calls the helper's twin, and
// where the loop's rounds are one trip a thread (a grid's span of 2048
// elements or more) runs each call with that of the thread 32 calls
// later, the two twins' loops interleaved (the jam pass).

// SlpJamSumKernel has thread g of the grid add the runs g, g+s, g+2s, ...
// of in (s the grid's threads), each run's elements by eightSums; the
// sum crosses a barrier, then goes to out[g].
//
//gocuda:kernel SlpJamSumKernel
func slpJamSum(t *gocuda.Thread, in, out []float32, run int) {
	n := len(in)
	var v float32
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.X * run
	for lo := g * run; lo < n; lo += stride {
		v += eightSums(in[lo:min(lo+run, n)])
	}
	t.SyncThreads()
	out[g] = v
}

// SlpJamUncheckedKernel is SlpJamSumKernel slicing each run to its full
// length, past the end of in for a thread whose last run is short: that
// thread fails, and on both paths it is the first to.
//
//gocuda:kernel SlpJamUncheckedKernel
func slpJamUnchecked(t *gocuda.Thread, in, out []float32, run int) {
	n := len(in)
	var v float32
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.X * run
	for lo := g * run; lo < n; lo += stride {
		v += eightSums(in[lo : lo+run])
	}
	t.SyncThreads()
	out[g] = v
}

// SlpJamSum64Kernel is SlpJamSumKernel in float64, by a generic
// helper: its twin keeps the eight accumulators as two vectors of four.
//
//gocuda:kernel SlpJamSum64Kernel
func slpJamSum64(t *gocuda.Thread, in, out []float64, run int) {
	n := len(in)
	var v float64
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.X * run
	for lo := g * run; lo < n; lo += stride {
		v += eightSumsOf(in[lo:min(lo+run, n)])
	}
	t.SyncThreads()
	out[g] = v
}

// eightSumsOf is eightSums for float32 or float64, its accumulators
// named v0 to v7: a pair's names for them must not meet its vectors'.
func eightSumsOf[T float32 | float64](run []T) T {
	var v0, v1, v2, v3, v4, v5, v6, v7 T
	for len(run) >= 8 {
		r := run[:8:8]
		v0 += r[0]
		v1 += r[1]
		v2 += r[2]
		v3 += r[3]
		v4 += r[4]
		v5 += r[5]
		v6 += r[6]
		v7 += r[7]
		run = run[8:]
	}
	for _, x := range run {
		v0 += x
	}
	return ((v0 + v1) + (v2 + v3)) + ((v4 + v5) + (v6 + v7))
}

// eightSums adds run with eight accumulators, then the tail, then the
// accumulators pairwise.
func eightSums(run []float32) float32 {
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
