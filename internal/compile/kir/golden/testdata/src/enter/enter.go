// Package enter holds kernels passing the thread to helpers.
package enter

import "github.com/gocuda/gocuda/gocuda"

// load passes the thread to helpers: one that only passes it on (no
// thread entered), one that reads it (each thread entered).
func load(t *gocuda.Thread, a, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	i := t.ThreadIdx.X
	s[i] = fetch(t, a, i)
	t.SyncThreads()
	out[i] = s[i] + float32(lane(t))
}

func fetch(t *gocuda.Thread, a []float32, i int) float32 {
	return get(t, a, i)
}

func get(t *gocuda.Thread, a []float32, i int) float32 {
	if i < len(a) {
		return a[i]
	}
	return 0
}

func lane(t *gocuda.Thread) int { return t.LaneID() }
