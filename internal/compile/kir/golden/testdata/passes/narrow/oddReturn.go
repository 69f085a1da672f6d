// Package narrow holds the inputs of the narrow pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package narrow

import "github.com/gocuda/gocuda/gocuda"

// oddReturn returns the threads whose index is not m modulo k plus one
// and marks the others.
//
// narrow bounds the thread loop by the guard that returns: it runs only
// the threads of x % k == m+1, keeping the guard.
func oddReturn(t *gocuda.Thread, out []int32, k, m int) {
	if t.ThreadIdx.X%k != m+1 {
		return
	}
	out[t.ThreadIdx.X] = 1
}
