package stops

import "github.com/gocuda/gocuda/gocuda"

// perThreadTrips runs a trip count of its own per thread.
//
// Unchanged: its loop is counted (p from 0 up to a bound the body does
// not change), so it ends by itself.
func perThreadTrips(t *gocuda.Thread, b, out []float32, trips []int, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for p := 0; p < trips[col]; p++ {
		s += b[p*n+col]
	}
	out[col] = s
}
