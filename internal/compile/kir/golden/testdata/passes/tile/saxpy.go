package tile

import "github.com/gocuda/gocuda/gocuda"

// saxpy reads the block's x only in the thread's x in the grid: runs.
//
// tile runs the consecutive blocks of a chunk along x as one row.
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}
