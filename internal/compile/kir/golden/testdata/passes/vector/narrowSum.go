package vector

import "github.com/gocuda/gocuda/gocuda"

// narrowSum sums a grid-stride walk of float32 elements into a float64,
// per thread, as Harris's and CUB's reductions accumulate.
//
// vector runs the thread loop four threads a step: the float32 elements
// load as four lanes of a 128-bit vector and convert to float64 as Go
// converts each.
func narrowSum(t *gocuda.Thread, x []float32, out []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) && i < len(x) {
		out[i] += float64(x[i]) * 0.5
	}
}
