package order

import "github.com/gocuda/gocuda/gocuda"

// saxpy is one thread per element.
//
// Unchanged: its accesses run along x, the order the blocks are taken
// in already.
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}
