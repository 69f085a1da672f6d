// Package slp holds kernels calling helpers whose loops keep several
// accumulators, one statement each: the SIMD build calls a twin of the
// helper that keeps them as a vector's lanes, where the statements have
// one shape and the loop names the accumulators nowhere else.
package slp

import "github.com/gocuda/gocuda/gocuda"

// sumRuns adds a run of in per thread with sumEight's eight accumulators.
func sumRuns(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = sumEight(in[i*run : (i+1)*run])
	}
}

// sumEight is the eight-accumulator sum of a run: a twin.
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

// dots takes a scaled dot product of two runs per thread (dotFour).
func dots(t *gocuda.Thread, x, y []float64, out []float64, run int, scale float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = dotFour(x[i*run:(i+1)*run], y[i*run:(i+1)*run], scale)
	}
}

// dotFour keeps four float64 accumulators of a scaled product, from an
// offset of 4 and counted with an index: a twin of Float64x4 lanes.
func dotFour(x, y []float64, scale float64) float64 {
	var a, b, c, d float64
	for k := 0; k+8 <= len(x); k += 4 {
		xs, ys := x[k:], y[k:]
		a += scale * (xs[4] * ys[4])
		b += scale * (xs[5] * ys[5])
		c += scale * (xs[6] * ys[6])
		d += scale * (xs[7] * ys[7])
	}
	return a + b + c + d
}

// mixed calls helpers whose groups cannot be vectors.
func mixed(t *gocuda.Thread, in []int32, out []int32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		r := in[i*run : (i+1)*run]
		out[i] = readsOne(r) + shuffled(r) + leaves(r)
	}
}

// readsOne reads an accumulator elsewhere in its loop: no twin.
func readsOne(run []int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32
	for len(run) >= 8 {
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[3]
		s4 += run[4]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7] + s0
		run = run[8:]
	}
	return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
}

// shuffled reads its elements out of order: no twin.
func shuffled(run []int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32
	for len(run) >= 8 {
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[4]
		s4 += run[3]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7]
		run = run[8:]
	}
	return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
}

// leaves returns from inside its loop: no twin.
func leaves(run []int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32
	for len(run) >= 8 {
		if run[0] < 0 {
			return 0
		}
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[3]
		s4 += run[4]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7]
		run = run[8:]
	}
	return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
}

// shifted shifts its elements: no twin (AVX2's shifts are kept scalar).
func shifted(run []int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32
	for len(run) >= 8 {
		s0 += run[0] << 1
		s1 += run[1] << 1
		s2 += run[2] << 1
		s3 += run[3] << 1
		s4 += run[4] << 1
		s5 += run[5] << 1
		s6 += run[6] << 1
		s7 += run[7] << 1
		run = run[8:]
	}
	return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
}

// twice names each accumulator in two groups of its loop: no twin.
func twice(run []float32) float32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(run) >= 16 {
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[3]
		s4 += run[4]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7]
		s0 += run[8]
		s1 += run[9]
		s2 += run[10]
		s3 += run[11]
		s4 += run[12]
		s5 += run[13]
		s6 += run[14]
		s7 += run[15]
		run = run[16:]
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7
}

// pairs keeps sixteen accumulators in two groups of eight, and adds a
// scaled element: two vectors, one twin.
func pairs(run []float32, scale float32) float32 {
	var a0, a1, a2, a3, a4, a5, a6, a7, b0, b1, b2, b3, b4, b5, b6, b7 float32
	for i := 0; i+16 <= len(run); i += 16 {
		a0 += run[i] * scale
		a1 += run[i+1] * scale
		a2 += run[i+2] * scale
		a3 += run[i+3] * scale
		a4 += run[i+4] * scale
		a5 += run[i+5] * scale
		a6 += run[i+6] * scale
		a7 += run[i+7] * scale
		b0 -= run[i+8]
		b1 -= run[i+9]
		b2 -= run[i+10]
		b3 -= run[i+11]
		b4 -= run[i+12]
		b5 -= run[i+13]
		b6 -= run[i+14]
		b7 -= run[i+15]
	}
	return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7
}

// more calls the helpers above.
func more(t *gocuda.Thread, in []int32, f []float32, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = float32(shifted(in[i*run:(i+1)*run])) + twice(f[i*run:(i+1)*run]) + pairs(f[i*run:(i+1)*run], 0.5)
	}
}

// gridSums adds thread g's runs g, g+s, g+2s, ... of in (s the grid's
// threads) with sumEight, the sum kept across a barrier: the SIMD build
// runs two threads' calls as one.
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

// gridDots is gridSums with dotFour, whose loop slices at its counter,
// which may fail: not paired.
func gridDots(t *gocuda.Thread, x, y, out []float64, run int, scale float64) {
	n := len(x)
	var v float64
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for lo := g * run; lo < n; lo += t.BlockDim.X * t.GridDim.X * run {
		v += dotFour(x[lo:min(lo+run, n)], y[lo:min(lo+run, n)], scale)
	}
	t.SyncThreads()
	out[g] = v
}

// walks calls two helpers that eat their run from its front: frontSums
// slices each trip's elements from the front (its vector loop walks an
// index instead of reslicing the run), indexSums reads them at constant
// indices (its loop stays as written).
func walks(t *gocuda.Thread, in, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = frontSums(in[i*run:(i+1)*run]) + indexSums(in[i*run:(i+1)*run])
	}
}

// frontSums is sumEight with a two-index slice of the front.
func frontSums(run []float32) float32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(run) >= 8 {
		r := run[:8]
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
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7
}

// indexSums reads run's first eight elements by index each trip.
func indexSums(run []float32) float32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	for len(run) >= 8 {
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[3]
		s4 += run[4]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7]
		run = run[8:]
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7
}
