// Package proved holds kernels gocuda check proves race-free, which run
// their compiled forms unprobed, beside look-alikes it does not prove,
// and the launches that keep a proved kernel probed: aliased slices, a
// grid of the wrong shape, uninitialized or freed memory.
package proved

//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -gpu

import "github.com/gocuda/gocuda/gocuda"

// SAXPYKernel is y = a*x + y, thread i updating y[i]: proved on a
// one-dimensional launch.
//
//gocuda:kernel SAXPYKernel
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) {
		y[i] = a*x[i] + y[i]
	}
}

// ShiftKernel is y[i] = x[i+1]: proved, and racy where y and x overlap.
//
//gocuda:kernel ShiftKernel
func shift(t *gocuda.Thread, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = x[i+1]
	}
}

// HalfKernel looks like SAXPY, but threads 2k and 2k+1 update the same
// element: not proved, and racy.
//
//gocuda:kernel HalfKernel
func half(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) {
		y[i/2] = a*x[i] + y[i/2]
	}
}

// ScaleRowsKernel scales row r of the rows×cols matrix m by s[r], one
// thread per element on a two-dimensional launch: proved.
//
//gocuda:kernel ScaleRowsKernel
func scaleRows(t *gocuda.Thread, m, s []float32, rows, cols int) {
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row >= rows || col >= cols {
		return
	}
	m[row*cols+col] *= s[row]
}

// ScaleRowsUnguardedKernel is ScaleRowsKernel guarding the element's
// index instead of the column: a thread past a row's end scales the next
// row's element as well as that row's own thread. Not proved, and racy
// where the grid is wider than the matrix.
//
//gocuda:kernel ScaleRowsUnguardedKernel
func scaleRowsUnguarded(t *gocuda.Thread, m, s []float32, rows, cols int) {
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row >= rows || row*cols+col >= len(m) {
		return
	}
	m[row*cols+col] *= s[row]
}
