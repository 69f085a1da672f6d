package vector

import "github.com/gocuda/gocuda/gocuda"

// stridedPoly evaluates a polynomial of each thread's element, read at
// stride four across the threads of a step.
//
// vector runs the thread loop eight threads a step: its one gather
// feeds a chain of multiplies and adds that the step computes as
// vectors.
func stridedPoly(t *gocuda.Thread, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) && 4*i < len(x) {
		v := x[4*i]
		y[i] = ((((v*0.5+1)*v+2)*v+3)*v+4)*v + 5
	}
}
