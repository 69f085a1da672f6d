// Package streams holds the inputs of the streams pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package streams

import "github.com/gocuda/gocuda/gocuda"

// indexed reads the two streams by index, into a local first.
//
// streams writes the loop as the reads of in[i] for all threads first
// (ahead), then the rest, keeping the loop as it was (whole) for the
// emitter to choose.
func indexed(t *gocuda.Thread, in, out []float32, half int) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*half + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	v := in[i] * in[i+half]
	s[tid] = v
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = s[t.BlockDim.X-1-tid]
}
