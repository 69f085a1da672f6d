// Package order holds the inputs of the order pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package order

import "github.com/gocuda/gocuda/gocuda"

// wholeIndex reads the thread's whole index: the emitter could not swap
// its components, so the blocks are taken y fastest without transposing.
//
// order takes the grid body's blocks y fastest, its accesses running
// along y and striding along x, but leaves its rows along x: it reads
// the thread's whole index, whose components the emitter cannot swap.
func wholeIndex(t *gocuda.Thread, out []gocuda.Dim3, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[x*h+y] = t.ThreadIdx
	}
}
