package vector

import "github.com/gocuda/gocuda/gocuda"

// narrowCompare compares float32 elements in a loop of float64 ones.
//
// Unchanged: a comparison of four float32 lanes makes a 32-bit mask,
// and the four-lane step's masks are 64-bit.
func narrowCompare(t *gocuda.Thread, x []float32, out []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) && i < len(x) {
		if x[i] > 0 {
			out[i] += 1
		}
	}
}
