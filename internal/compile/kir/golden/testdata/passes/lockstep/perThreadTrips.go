package lockstep

import "github.com/gocuda/gocuda/gocuda"

// perThreadTrips runs a trip count of its own per thread.
//
// Unchanged: the loop's trip count, trips[col], differs from thread to
// thread, so its trips cannot run for the block.
func perThreadTrips(t *gocuda.Thread, b, out []float32, trips []int, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for p := 0; p < trips[col]; p++ {
		s += b[p*n+col]
	}
	out[col] = s
}
