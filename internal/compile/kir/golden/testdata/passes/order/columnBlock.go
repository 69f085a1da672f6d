package order

import "github.com/gocuda/gocuda/gocuda"

// columnBlock reads the thread's y alone as well: transposed, but its
// blocks run one by one.
//
// order runs the rows of the body, taken y fastest, along y: the
// thread is named only by its coordinates.
func columnBlock(t *gocuda.Thread, out []int32, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[x*h+y] = int32(t.ThreadIdx.Y)
	}
}
