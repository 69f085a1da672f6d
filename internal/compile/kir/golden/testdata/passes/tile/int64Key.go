package tile

import "github.com/gocuda/gocuda/gocuda"

// int64Key keeps its key's type, int64: it runs a trip a round.
//
// Unchanged: its key is an int64, kept as written: it runs a trip a
// round.
func int64Key(t *gocuda.Thread, out []int64, n int64) {
	acc := int64(0)
	for i := int64(t.ThreadIdx.X); i < n; i += int64(t.BlockDim.X) {
		acc += i
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = acc
}
