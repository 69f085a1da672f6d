// Package flat holds kernels without barriers: the grid mode.
package flat

import "github.com/gocuda/gocuda/gocuda"

// saxpy is one thread per element.
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// gridStride runs in lockstep.
func gridStride(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += stride {
		y[i] = a*x[i] + y[i]
	}
}

// early returns threads past the end, with a 2D index.
func early(t *gocuda.Thread, out []int, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x >= w || y >= h {
		return
	}
	sum := 0
	for k := range 4 {
		sum += k * x
	}
	out[y*w+x] = sum + t.ThreadRank()
}
