package shared

import "github.com/gocuda/gocuda/gocuda"

// sized takes its length from len and a conversion, which the check
// before it may evaluate again.
//
// shared marks the shared array filled: the first thread loop writes one
// element per x, the whole array, so it is not zeroed first.
func sized(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, min(len(in), int(uint(t.BlockDim.X))))
	s[i] = in[i]
	t.SyncThreads()
	out[i] = s[len(s)-1-i]
}
