package bench

// MatMulSerial computes C = A×B, where A is m×k, B is k×n and C is m×n,
// all row-major: the serial baseline for the matrix-multiply kernels. It
// loops i, k, j so that the inner loop streams a row of B into a row of C
// (unit stride, vectorizable bounds), which is what a Go programmer
// optimizing by hand writes first; the textbook i, j, k order walks B down
// a column.
func MatMulSerial(a, b, c []float32, m, k, n int) {
	matmulRows(a, b, c, k, n, 0, m)
}

// MatMulParallel computes the same product as MatMulSerial, with the rows
// of C split into GOMAXPROCS contiguous ranges, one goroutine each: the
// hand-written parallel baseline.
func MatMulParallel(a, b, c []float32, m, k, n int) {
	Parallel(m, func(lo, hi int) { matmulRows(a, b, c, k, n, lo, hi) })
}

// matmulRows computes rows lo to hi-1 of C. The inner loop takes four
// elements at a time, as SAXPYSerial does and for the same reason: a
// one-element loop's speed depends on its placement in the binary.
func matmulRows(a, b, c []float32, k, n, lo, hi int) {
	for i := lo; i < hi; i++ {
		ci := c[i*n : i*n+n]
		clear(ci)
		ai := a[i*k : i*k+k]
		for p, av := range ai {
			bp := b[p*n : p*n+n]
			j := 0
			for ; j+4 <= n; j += 4 {
				bs, cs := bp[j:j+4:j+4], ci[j:j+4:j+4]
				cs[0] += av * bs[0]
				cs[1] += av * bs[1]
				cs[2] += av * bs[2]
				cs[3] += av * bs[3]
			}
			for ; j < n; j++ {
				ci[j] += av * bp[j]
			}
		}
	}
}
