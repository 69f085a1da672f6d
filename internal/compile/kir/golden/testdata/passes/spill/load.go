package spill

import "github.com/gocuda/gocuda/gocuda"

// load passes the thread to helpers: one that only passes it on (no
// thread entered), one that reads it (each thread entered).
//
// spill marks the thread passed to fetch blind: fetch only passes it on
// to get, which does not read it either.
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

func lane(t *gocuda.Thread) int { return t.LaneID() }

func get(t *gocuda.Thread, a []float32, i int) float32 {
	if i < len(a) {
		return a[i]
	}
	return 0
}
