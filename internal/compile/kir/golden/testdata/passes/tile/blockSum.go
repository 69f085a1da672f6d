package tile

import "github.com/gocuda/gocuda/gocuda"

// blockSum is a block kernel whose threads sum a block-stride loop.
//
// Unchanged: its step, the block's threads, is below compiled.ChunkSpan
// by the index facts, so the loop needs no far form.
func blockSum(t *gocuda.Thread, x []float32, out []float32) {
	s := gocuda.Shared[float32](t, 256)
	var sum float32
	stride := t.BlockDim.X
	for i := t.ThreadIdx.X; i < len(x); i += stride {
		sum += x[i]
	}
	s[t.ThreadIdx.X] = sum
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = s[0] + s[1]
	}
}
