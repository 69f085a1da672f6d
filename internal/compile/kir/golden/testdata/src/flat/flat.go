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

// offset runs flat: its start is a grid-wide base plus the global index,
// and each trip writes only out[i] and reads a slice no thread writes.
func offset(t *gocuda.Thread, in []float32, out []float32, base, last int) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := base + t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i <= last; i += stride {
		out[i] = in[i] + in[max(i-1, 0)]
	}
}

// carry is not flat: a trip reads the element the thread's previous trip
// wrote.
func carry(t *gocuda.Thread, out []int32) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + stride; i < len(out); i += stride {
		out[i] += out[i-stride] + 1
	}
}
