// Package blockorder holds the inputs of the blockorder pass's golden
// tests (passes_test.go): each kernel's doc comment says what the pass
// does to it, or why it leaves it unchanged.
package blockorder

import "github.com/gocuda/gocuda/gocuda"

// wholeIndex reads the thread's whole index: the emitter could not swap
// its components, so the blocks are taken y fastest without transposing.
//
// blockorder takes the grid body's blocks y fastest: its accesses run
// along y and stride along x.
func wholeIndex(t *gocuda.Thread, out []gocuda.Dim3, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[x*h+y] = t.ThreadIdx
	}
}
