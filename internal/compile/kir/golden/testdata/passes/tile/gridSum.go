package tile

import "github.com/gocuda/gocuda/gocuda"

// gridSum is a block kernel whose threads sum a grid-stride loop, as
// Luitjens's deviceReduceKernel does, before the block combines them.
//
// tile gives its rebased loop a far form (far chunked): where the step,
// the grid's threads, is far, each thread runs several trips a round.
func gridSum(t *gocuda.Thread, x []float32, out []float32) {
	s := gocuda.Shared[float32](t, 256)
	var sum float32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(x); i += t.BlockDim.X * t.GridDim.X {
		sum += x[i]
	}
	s[t.ThreadIdx.X] = sum
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = s[0] + s[1]
	}
}
