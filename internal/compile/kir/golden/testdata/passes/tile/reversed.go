package tile

import "github.com/gocuda/gocuda/gocuda"

// reversed subtracts the thread's x: block by block.
//
// Unchanged: the index subtracts the thread's x, so consecutive blocks
// are not one row.
func reversed(t *gocuda.Thread, out []int32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X - t.ThreadIdx.X + n
	if i >= 0 && i < len(out) {
		out[i] = 1
	}
}
