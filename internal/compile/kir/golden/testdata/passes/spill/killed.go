package spill

import "github.com/gocuda/gocuda/gocuda"

// killed reassigns v after the barrier: v need not live across it.
//
// Unchanged: v is assigned again after the barrier before it is read,
// so no value of it lives across the barrier.
func killed(t *gocuda.Thread, a, b []int) {
	i := t.ThreadIdx.X
	v := a[i]
	a[i] = v * 2
	t.SyncThreads()
	v = b[i]
	b[i] = v + 1
}
