// Package mode holds the inputs of the mode pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package mode

import "github.com/gocuda/gocuda/gocuda"

// daxpy is BLAS's DAXPY in double precision: four threads a step, as
// four 64-bit lanes.
//
// mode runs the kernel in grid mode, a chunk of blocks per call: it has
// no barrier, collective or shared memory.
func daxpy(t *gocuda.Thread, a float64, x, y []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}
