// Package check holds the inputs of the check pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package check

import "github.com/gocuda/gocuda/gocuda"

// funcValue reaches a barrier through a function value in a variable.
//
// check refuses it: apply calls a function value that takes the thread,
// which may synchronize where the compiler cannot see.
func funcValue(t *gocuda.Thread, out []float32) {
	out[t.ThreadIdx.X] = apply(t, reducer, 1)
}

// A helper: apply calls f, which may synchronize.
func apply(t *gocuda.Thread, f func(*gocuda.Thread, float32) float32, v float32) float32 {
	return f(t, v)
}

// reducer holds a function the compiler cannot follow.
var reducer = warpSum

func warpSum(t *gocuda.Thread, v float32) float32 {
	t.SyncThreads()
	return v
}
