// Package transpose holds grid bodies whose accesses run along y, which
// transpose (in the order pass) runs in rows along y, and ones it leaves alone.
package transpose

import "github.com/gocuda/gocuda/gocuda"

// fan2 is Rodinia's gaussian Fan2: x gives the matrix's row, y its
// column. Transposed, and run in runs of blocks along y.
func fan2(t *gocuda.Thread, m, a, b []float32, size, pivot int) {
	if t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X >= size-1-pivot {
		return
	}
	if t.ThreadIdx.Y+t.BlockIdx.Y*t.BlockDim.Y >= size-pivot {
		return
	}
	xidx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	yidx := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	a[size*(xidx+1+pivot)+(yidx+pivot)] -= m[size*(xidx+1+pivot)+pivot] * a[size*pivot+(yidx+pivot)]
	if yidx == 0 {
		b[xidx+1+pivot] -= m[size*(xidx+1+pivot)+(yidx+pivot)] * b[pivot]
	}
}

// columnBlock reads the thread's y alone as well: transposed, but its
// blocks run one by one.
func columnBlock(t *gocuda.Thread, out []int32, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[x*h+y] = int32(t.ThreadIdx.Y)
	}
}

// wholeIndex reads the thread's whole index: the emitter could not swap
// its components, so the blocks are taken y fastest without transposing.
func wholeIndex(t *gocuda.Thread, out []gocuda.Dim3, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[x*h+y] = t.ThreadIdx
	}
}
