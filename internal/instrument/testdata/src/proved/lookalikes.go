package proved

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file have no compiled forms: the rewriting's
// prover is tested on them (see TestProve). Each says what it proves:
// the roles of its parameters and the launch shape, or none.

var table = make([]float32, 64)

// want: rw 1
func squares(t *gocuda.Thread, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) {
		y[i] = square(x[i]) + float32(math.Sqrt(float64(x[i])))
	}
}

func square(v float32) float32 { return v * v }

// want: rw 1
func offset(t *gocuda.Thread, x, y []float32) {
	i := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X
	base := len(x) - 1
	y[base+i-2*base+base] = x[0]
}

// want: w-- 2
func zeroRows(t *gocuda.Thread, m []float32, rows, cols int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if col < cols && row < rows {
		m[row*cols+col] = 0
	}
}

// want: none (threads of different blocks share a ThreadIdx)
func blockLocal(t *gocuda.Thread, x, y []float32) {
	y[t.ThreadIdx.X] = x[t.BlockIdx.X]
}

// want: none (y read at another thread's index)
func twoWays(t *gocuda.Thread, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i+1 < len(y) {
		y[i] = y[i+1]
	}
}

// want: none (every thread writes y[0])
func constIndex(t *gocuda.Thread, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y[0] += x[i]
}

// want: none (a write through an alias)
func aliasWrite(t *gocuda.Thread, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	z := y[1:]
	z[i] = 1
}

// want: none (a helper that writes)
func helperWrite(t *gocuda.Thread, y []float32) {
	store(y, t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)
}

func store(y []float32, i int) { y[i] = 1 }

// want: none (a package variable)
func globalWrite(t *gocuda.Thread, x []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	table[i] = x[i]
}

// want: none (int32 arithmetic wraps)
func narrowIndex(t *gocuda.Thread, y []float32) {
	i := int32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	y[i] = 1
}

// want: none (the guard bounds the row, not the column)
func wrongGuard(t *gocuda.Thread, m []float32, rows, cols int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if row < cols && col < rows {
		m[row*cols+col] = 0
	}
}

// want: none (a guard that does not cover the write)
func guardElsewhere(t *gocuda.Thread, m []float32, rows, cols int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if col < cols {
		m[row*cols] = 0
	}
	m[row*cols+col] = 1
}

// want: none (a pointer parameter)
func pointer(t *gocuda.Thread, p *float32) {
	*p = 1
}

// want: none (a barrier)
func barrier(t *gocuda.Thread, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	t.SyncThreads()
	y[i] = 1
}

// want: none (the address of a written element)
func address(t *gocuda.Thread, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	p := &y[i]
	*p = 1
}

// want: none (an index variable assigned twice)
func reassigned(t *gocuda.Thread, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i /= 2
	y[i] = 1
}

// want: none (a closure)
func closure(t *gocuda.Thread, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	set := func() { y[i] = 1 }
	set()
}

// want: rw 1
func gridStride(t *gocuda.Thread, x, y []float32) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(x); i += stride {
		y[i] = 2 * x[i]
	}
}

// want: none (a stride of one block: the blocks' threads share elements)
func blockStride(t *gocuda.Thread, x, y []float32) {
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(x); i += t.BlockDim.X {
		y[i] = 2 * x[i]
	}
}

// want: none (the loop's variable assigned in its body)
func strideSkip(t *gocuda.Thread, y []float32) {
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(y); i += t.BlockDim.X * t.GridDim.X {
		y[i] = 1
		i++
	}
}
