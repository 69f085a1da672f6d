package reverse

import "github.com/gocuda/gocuda/gocuda"

// readAbove reads the element above the thread's: a thread running
// earlier in descending order has written it. Not reversed.
//
// Unchanged: it reads the element above the thread's, which a thread
// running earlier in descending order has written.
func readAbove(t *gocuda.Thread, data []float32) {
	i := t.ThreadIdx.X
	x := gocuda.Shared[float32](t, t.BlockDim.X+1)
	x[i] = data[i]
	t.SyncThreads()
	y := x[i+1]
	t.SyncThreads()
	x[i] = y + x[i]
	t.SyncThreads()
	data[i] = x[i]
}
