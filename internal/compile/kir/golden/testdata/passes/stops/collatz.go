// Package stops holds the inputs of the stops pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package stops

import "github.com/gocuda/gocuda/gocuda"

// collatz runs a loop that might not end, which checks for a stopped
// launch and returns from the body: not outlined.
//
// stops checks the loop on n != 1, which might not end, for a stopped
// launch.
func collatz(t *gocuda.Thread, out []int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	n, steps := i+1, 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	out[i] = steps
}
