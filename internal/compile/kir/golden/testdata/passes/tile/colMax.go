package tile

import "github.com/gocuda/gocuda/gocuda"

// colMax is a block a column of a row-major matrix of rows×cols: each
// thread the largest of every blockDim.x-th element down the column (an
// index far apart from thread to thread, which rebase does not take),
// then the block's through shared memory.
//
// tile marks the lockstep loop, which rebase did not take, chunked:
// each thread runs a cache-sized chunk of its trips in turn.
func colMax(t *gocuda.Thread, out []float32, in []float32, rows, cols int) {
	s := gocuda.Shared[float32](t, 256)
	m := float32(-1e30)
	for i := t.ThreadIdx.X; i <= rows-1; i += t.BlockDim.X {
		m = max(m, in[i*cols+t.BlockIdx.X])
	}
	s[t.ThreadIdx.X] = m
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		for k := 1; k < t.BlockDim.X; k++ {
			m = max(m, s[k])
		}
		out[t.BlockIdx.X] = m
	}
}
