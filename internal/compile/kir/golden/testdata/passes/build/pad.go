// Package build holds the inputs of the build pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package build

import "github.com/gocuda/gocuda/gocuda"

// pad calls a helper with an untyped constant for a float32 (bug 2) and a
// thread-dependent argument (bug 4).
//
// build makes the one-thread program: stage, which synchronizes, is
// inlined at both calls, its parameters declared from the arguments and
// its result assigned, each barrier a node of its own.
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
