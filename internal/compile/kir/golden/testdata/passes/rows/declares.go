// Package rows holds the inputs of the rows pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package rows

import "github.com/gocuda/gocuda/gocuda"

// declares guards a loop over a thread's point whose only other code
// declares the point's index and the loop's counter (Rodinia's kmeans
// invert_mapping): the threads the guard rejects have nothing to run.
//
// rows runs the guarded thread loop as two, the threads the guard
// rejects then those it admits, bounded by it.
func declares(t *gocuda.Thread, in, out []float32, n, features int) {
	point := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var i int
	if point < n {
		for i = 0; i < features; i++ {
			out[point*features+i] = in[i*n+point]
		}
	}
}
