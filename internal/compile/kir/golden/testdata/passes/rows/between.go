package rows

import "github.com/gocuda/gocuda/gocuda"

// between copies one slice to another, then waits: the slices may
// overlap, so the row is a copy only where they do not.
//
// rows marks the rebased loop, which only copies src to dst, a copy
// of each row.
func between(t *gocuda.Thread, dst, src []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	dst[i] = src[i]
	t.SyncThreads()
}
