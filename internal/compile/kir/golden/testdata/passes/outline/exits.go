// Package outline holds the inputs of the outline pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package outline

import "github.com/gocuda/gocuda/gocuda"

// exits returns some threads before their loop: a thread's return
// continues the thread loop, whose label the literal holds.
//
// outline runs the thread loop, whose threads each run an inner loop,
// in a never-inlined literal.
func exits(t *gocuda.Thread, in, out []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}
	var s float32
	for k := 0; k < i%7; k++ {
		s += in[(i+k)%n]
	}
	out[i] = s
}
