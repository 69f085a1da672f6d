package difftest

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file have loops whose varying values are 64-bit:
// the SIMD build runs them four threads at a time, as four 64-bit lanes,
// where AVX2 has their operations, and scalar where it has not (int64
// multiply, min and max, conversions between int64 and float64).

// DaxpyKernel is BLAS's DAXPY, y = a*x + y in double precision, one
// thread per element.
//
//gocuda:kernel DaxpyKernel
func daxpy(t *gocuda.Thread, a float64, x, y []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// Float64OpsKernel is float64 arithmetic the four-lane step has: + - * /,
// math.Sqrt, math.Floor, negation, comparisons under ifs whose outcome
// differs between threads, and the thread's index as a float64.
//
//gocuda:kernel Float64OpsKernel
func float64Ops(t *gocuda.Thread, in, out []float64, h float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	v := in[i]/h - float64(i)*h
	if v < 0 {
		v = -v
	} else if v >= 3 {
		v = v*v - 1
	}
	out[i] = math.Sqrt(v) + math.Floor(v*0.5) - out[i]
}

// Float64MixKernel converts between float32, float64 and int and takes
// min and max of float64s: the step does not (min and max differ from
// Go's on NaN and signed zeros; the conversions are AVX-512's), and the
// loop stays scalar in either build.
//
//gocuda:kernel Float64MixKernel
func float64Mix(t *gocuda.Thread, f []float32, d []float64, n []int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(d) {
		x := float64(f[i]) + d[i]
		d[i] = min(x, 2) + max(x, -2)
		f[i] = float32(x) * 0.5
		n[i] = int(x) + n[i]
	}
}

// Int64OpsKernel is int64 and uint64 arithmetic: add, subtract, xor,
// and-not, shifts by a uniform count (past the width too), comparisons,
// the index as an int64, and an int64 multiply in a second loop, which
// stays scalar.
//
//gocuda:kernel Int64OpsKernel
func int64Ops(t *gocuda.Thread, a []int64, b []uint64, s uint) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(a) {
		return
	}
	x := a[i]
	y := (x ^ 0x5bd1e995) - int64(i)
	if y > x {
		y = y<<s | x&^0xff
	}
	a[i] = y
	b[i] = b[i]>>s + uint64(y) - uint64(i)
	t.SyncThreads()
	a[i] *= 3
}

// Escape64Kernel counts a point's escape-time iterations in double
// precision: a loop whose threads leave at different trips, under a mask
// of 64-bit lanes.
//
//gocuda:kernel Escape64Kernel
func escape64(t *gocuda.Thread, re, im []float64, count []int64, limit int64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(count) {
		return
	}
	cr, ci := re[i], im[i]
	zr, zi := cr, ci
	var n int64
	for n < limit && zr*zr+zi*zi <= 4 {
		zr, zi = zr*zr-zi*zi+cr, 2*zr*zi+ci
		n++
	}
	count[i] = n
}

// Shift64Kernel reads its input two elements past its thread's: a slice
// too short fails at the first thread past its end.
//
//gocuda:kernel Shift64Kernel
func shift64(t *gocuda.Thread, in, out []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[i+2] - in[i]
	}
}
