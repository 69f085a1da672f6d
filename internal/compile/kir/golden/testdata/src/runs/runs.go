// Package runs holds grid bodies the tile pass runs a run of blocks at a
// time, and ones it leaves to run block by block.
package runs

import "github.com/gocuda/gocuda/gocuda"

// saxpy reads the block's x only in the thread's x in the grid: runs.
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// rows2D has rows of y in its blocks: runs along x, row by row.
func rows2D(t *gocuda.Thread, in, out []float32, w, h int) {
	x := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[y*w+x] = in[y*w+x] * 2
	}
}

// blockStart reads the block's x apart from the thread's: block by block.
func blockStart(t *gocuda.Thread, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = int32(t.BlockIdx.X)
	}
}

// threadTwice reads the thread's x twice in one sum: block by block.
func threadTwice(t *gocuda.Thread, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = 1
	}
}

// reversed subtracts the thread's x: block by block.
func reversed(t *gocuda.Thread, out []int32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X - t.ThreadIdx.X + n
	if i >= 0 && i < len(out) {
		out[i] = 1
	}
}

// fallible divides by a parameter in its block code, which a run would
// evaluate once for its blocks: block by block.
func fallible(t *gocuda.Thread, out []int32, d int) {
	q := len(out) / d
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < q {
		out[i] = 1
	}
}
