// Package hoist holds the inputs of the hoist pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package hoist

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// bounds reads a parameter and the block's size, which nothing changes:
// hoisted.
//
// hoist evaluates the math.Sqrt of the loop's condition once.
func bounds(t *gocuda.Thread, out []float32, scale float64) {
	for k := 0; float64(k) < math.Sqrt(scale*float64(t.BlockDim.X)); k++ {
		t.SyncThreads()
		out[t.ThreadIdx.X] += 1
	}
}
