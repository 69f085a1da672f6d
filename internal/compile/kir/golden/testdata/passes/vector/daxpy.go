// Package vector holds the inputs of the vector pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package vector

import "github.com/gocuda/gocuda/gocuda"

// daxpy is BLAS's DAXPY in double precision: four threads a step, as
// four 64-bit lanes.
//
// vector runs the thread loop eight threads a step.
func daxpy(t *gocuda.Thread, a float64, x, y []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}
