package transpose

import "github.com/gocuda/gocuda/gocuda"

// wholeIndex reads the thread's whole index: the emitter could not swap
// its components, so the blocks are taken y fastest without transposing.
//
// Unchanged: it reads ThreadRank, the thread's whole index, whose
// components the emitter cannot swap.
func wholeIndex(t *gocuda.Thread, out []gocuda.Dim3, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[x*h+y] = t.ThreadIdx
	}
}
