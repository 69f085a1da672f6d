// Package unroll holds the inputs of the unroll pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package unroll

import "github.com/gocuda/gocuda/gocuda"

// unrolled has a short inner loop of constant trips, written as copies:
// each copy's key is a constant.
//
// unroll writes the range over 4 as copies of its body, its key 0 to 3.
func unrolled(t *gocuda.Thread, in, w, out []float32) {
	n := len(out)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}
	var sum float32
	for k := range 4 {
		sum += w[k] * in[k*n+i]
	}
	out[i] = sum
}
