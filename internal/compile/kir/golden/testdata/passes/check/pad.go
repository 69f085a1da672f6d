package check

import "github.com/gocuda/gocuda/gocuda"

// pad calls a helper with an untyped constant for a float32 (bug 2) and a
// thread-dependent argument (bug 4).
//
// Unchanged: its helper synchronizes, but is a function of the package
// the compiler can see into and inline: check lets it through.
func pad(t *gocuda.Thread, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	v := stage(t, s, float32(t.ThreadIdx.X), 1)
	out[t.ThreadIdx.X] = v + stage(t, s, 0, 2)
}

func stage(t *gocuda.Thread, s []float32, v, k float32) float32 {
	s[t.ThreadIdx.X] = v * k
	t.SyncThreads()
	r := s[(t.ThreadIdx.X+1)%len(s)]
	t.SyncThreads()
	return r
}
