package shared

import "github.com/gocuda/gocuda/gocuda"

// readFirst reads its element before it writes it.
//
// Unchanged: the first thread loop reads its element before it writes
// it, so the array must be zeroed.
func readFirst(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	s[i] = s[i] + in[i]
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-i]
}
