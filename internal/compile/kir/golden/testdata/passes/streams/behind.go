package streams

import "github.com/gocuda/gocuda/gocuda"

// behind reads its element and the one a uniform distance d below it:
// a neighbour, not a second stream.
//
// Unchanged: the second index is the first less d, not plus a block's
// extent.
func behind(t *gocuda.Thread, in, out []float32, d int) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	v := in[i]
	if j := i - d; j >= 0 {
		v += in[j]
	}
	s[tid] = v
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-tid]
}
