package rows

import "github.com/gocuda/gocuda/gocuda"

// uniformAdd is the CUDA samples' uniformAdd: each element adds the sum of
// the blocks before its block of perBlock elements.
//
// rows runs each row of the thread loop in segments of one quotient
// of i/perBlock.
func uniformAdd(t *gocuda.Thread, out, offsets []float32, perBlock int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] += offsets[i/perBlock]
	}
}
