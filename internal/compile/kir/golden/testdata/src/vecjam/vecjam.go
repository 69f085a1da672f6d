// Package vecjam holds thread loops whose vector steps carry sums through
// a loop of their own: the SIMD build runs two steps at once where one or
// two sums are carried and nothing the two steps' order shows.
package vecjam

import "github.com/gocuda/gocuda/gocuda"

// columnSum walks a column per thread, summing in float32: two steps at
// once.
func columnSum(t *gocuda.Thread, in, out []float32, n, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}
	var s float32
	for j := 0; j < k; j++ {
		s += in[j*n+i]
	}
	out[i] = s
}

// threeSums carries three sums through a window read backwards (each
// load checked in place): two steps' six would outgrow the registers,
// and the steps run one at a time.
func threeSums(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var a, b, c float32
	for d := 0; d <= 2*r; d++ {
		v := in[i+2*r-d]
		a += v
		b += v * v
		c += v * v * v
	}
	out[i] = a + b + c
}

// twoSums is threeSums with two sums: two steps at once.
func twoSums(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var a, b float32
	for d := 0; d <= 2*r; d++ {
		v := in[i+2*r-d]
		a += v
		b += v * v
	}
	out[i] = a + b
}

// blockScale scales by an element the block's threads share, read at an
// index written from the thread's (i less its x): a load that may fail
// unchecked whose index the check cannot tell is the same for both
// steps, which then run one at a time.
func blockScale(t *gocuda.Thread, in, scale, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var s float32
	for d := 0; d <= 2*r; d++ {
		s += in[i+2*r-d] * scale[i-t.ThreadIdx.X]
	}
	out[i] = s
}

// stored stores in its loop: a restart of the second step would find the
// first's stores done, and the steps run one at a time.
func stored(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	for d := 0; d <= 2*r; d++ {
		out[i] += in[i+2*r-d]
	}
}

// window sums a window read forwards, whose span the step checks once
// before a copy of the loop without checks: two steps run that copy
// where both their spans hold, the loop as written otherwise.
func window(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var s float32
	for d := 0; d <= 2*r; d++ {
		s += in[i+d]
	}
	out[i] = s
}

// intWindow carries two int32 sums over a window from the thread's x, a
// count of trips the same for the block that keeps every read in range
// (the fuzzer's vecJamSum), one of them shifted by a constant: a shift
// that cannot fail, two steps at once.
func intWindow(t *gocuda.Thread, in, out []int32, p0 int32, p1 int) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := int32(gid)
	x := p0
	for d := 0; d < min(int(p1%5)+1, len(in)-t.BlockDim.X); d++ {
		s = s*3 + in[t.ThreadIdx.X+d]
		x ^= in[t.ThreadIdx.X+d] - x>>1
	}
	out[gid] = s ^ x
}
