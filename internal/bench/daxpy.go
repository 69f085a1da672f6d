package bench

import "github.com/gocuda/gocuda/gocuda"

// DAXPY is BLAS's y = a*x + y in double precision (cuBLAS's cublasDaxpy;
// the one-thread-per-element kernel of NVIDIA's "An Even Easier
// Introduction to CUDA" saxpy, in float64): the benchmark of the SIMD
// build's four 64-bit lanes (BenchmarkDAXPY).

// DAXPYKernel returns the kernel of BenchmarkDAXPY: one thread per
// element, the threads past the end idle.
//
//gocuda:kernel DAXPYKernel
func daxpy(t *gocuda.Thread, a float64, x, y []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// DAXPYSerial computes y = a*x + y four elements a step, as SAXPYSerial:
// the serial baseline.
func DAXPYSerial(a float64, x, y []float64) {
	y = y[:len(x)]
	i := 0
	for ; i+4 <= len(x); i += 4 {
		xs, ys := x[i:i+4:i+4], y[i:i+4:i+4]
		ys[0] = a*xs[0] + ys[0]
		ys[1] = a*xs[1] + ys[1]
		ys[2] = a*xs[2] + ys[2]
		ys[3] = a*xs[3] + ys[3]
	}
	for ; i < len(x); i++ {
		y[i] = a*x[i] + y[i]
	}
}

// DAXPYParallel is DAXPYSerial split into GOMAXPROCS contiguous parts:
// the hand-written parallel baseline.
func DAXPYParallel(a float64, x, y []float64) {
	Parallel(len(x), func(lo, hi int) { DAXPYSerial(a, x[lo:hi], y[lo:hi]) })
}
