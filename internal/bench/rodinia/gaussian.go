package rodinia

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// Launch shapes of gaussian.cu.
const (
	// GaussianBlock is MAXBLOCKSIZE: the threads of Fan1's blocks.
	GaussianBlock = 512
	// GaussianBlockXY is BLOCK_SIZE_XY: Fan2's blocks are 4×4.
	GaussianBlockXY = 4
)

// Fan1Kernel returns Fan1 of Rodinia's gaussian/gaussian.cu: the
// multipliers of elimination step pivot (Rodinia's t), one thread per row
// below the pivot: m[i][pivot] = a[i][pivot] / a[pivot][pivot] for the
// size-1-pivot rows i below it. Threads past them return at once. Launch
// it with blocks of 512 covering size threads (Gaussian does).
//
//gocuda:kernel Fan1Kernel
func fan1(t *gocuda.Thread, mCuda, aCuda []float32, size, pivot int) {
	if t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X >= size-1-pivot {
		return
	}
	mCuda[size*(t.BlockDim.X*t.BlockIdx.X+t.ThreadIdx.X+pivot+1)+pivot] =
		aCuda[size*(t.BlockDim.X*t.BlockIdx.X+t.ThreadIdx.X+pivot+1)+pivot] / aCuda[size*pivot+pivot]
}

// Fan2Kernel returns Fan2 of Rodinia's gaussian/gaussian.cu: elimination
// step pivot (Rodinia's t) on the rows below the pivot, one thread per
// element: x indexes the row below the pivot, y the column from the pivot
// on, a[row][col] -= m[row][pivot] * a[pivot][col], and the threads of
// column pivot update b too. Threads past the remaining submatrix return at
// once. j1 is unused, as it is in Rodinia. Launch it with 4×4 blocks
// covering size×size threads (Gaussian does).
//
//gocuda:kernel Fan2Kernel
func fan2(t *gocuda.Thread, mCuda, aCuda, bCuda []float32, size, j1, pivot int) {
	if t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X >= size-1-pivot {
		return
	}
	if t.ThreadIdx.Y+t.BlockIdx.Y*t.BlockDim.Y >= size-pivot {
		return
	}
	xidx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	yidx := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	aCuda[size*(xidx+1+pivot)+(yidx+pivot)] -= mCuda[size*(xidx+1+pivot)+pivot] * aCuda[size*pivot+(yidx+pivot)]
	if yidx == 0 {
		bCuda[xidx+1+pivot] -= mCuda[size*(xidx+1+pivot)+(yidx+pivot)] * bCuda[pivot]
	}
}

// Gaussian runs the forward elimination of the size×size system a x = b
// (a row-major) on dev, as ForwardSub of gaussian.cu does: for every pivot
// row but the last, one launch of Fan1Kernel and one of Fan2Kernel, 2·(size-1)
// launches in all, without pivoting. It leaves a upper triangular (below
// the diagonal, what elimination leaves: zeros up to rounding), b
// eliminated alongside, and the multipliers in m below the diagonal (m's
// other elements are not written; Rodinia zeroes m first).
// GaussianBackSub then solves the system. Errors wrap
// gocuda.ErrInvalidValue for a nil device or bad sizes, or are the
// launch's.
func Gaussian(dev *gocuda.Device, a, b, m []float32, size int) error {
	if dev == nil {
		return nilDevice("Gaussian")
	}
	if err := gaussianCheck(a, b, m, size); err != nil {
		return err
	}
	fan1Cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: ceilDiv(size, GaussianBlock)},
		Block: gocuda.Dim3{X: GaussianBlock},
	}
	gridSize2d := ceilDiv(size, GaussianBlockXY)
	fan2Cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: gridSize2d, Y: gridSize2d},
		Block: gocuda.Dim3{X: GaussianBlockXY, Y: GaussianBlockXY},
	}
	for t := 0; t < size-1; t++ {
		if err := dev.Launch(fan1Cfg, Fan1Kernel(m, a, size, t)); err != nil {
			return err
		}
		if err := dev.Launch(fan2Cfg, Fan2Kernel(m, a, b, size, size-t, t)); err != nil {
			return err
		}
	}
	return nil
}

func gaussianCheck(a, b, m []float32, size int) error {
	if size < 1 || len(a) != size*size || len(m) != size*size || len(b) != size {
		return fmt.Errorf("%w: rodinia.Gaussian: size %d, len(a) = %d, len(b) = %d, len(m) = %d",
			gocuda.ErrInvalidValue, size, len(a), len(b), len(m))
	}
	return nil
}

// GaussianSerial computes what Gaussian computes in one goroutine: the
// hand-written serial baseline. Every element gets the kernels' operations
// in the same order, so results agree with Gaussian's. It panics on bad
// sizes.
func GaussianSerial(a, b, m []float32, size int) {
	if err := gaussianCheck(a, b, m, size); err != nil {
		panic(err)
	}
	for t := 0; t < size-1; t++ {
		gaussianRows(a, b, m, size, t, t+1, size)
	}
}

// GaussianParallel is GaussianSerial with each step's rows split over
// GOMAXPROCS goroutines: the hand-written parallel baseline.
func GaussianParallel(a, b, m []float32, size int) {
	if err := gaussianCheck(a, b, m, size); err != nil {
		panic(err)
	}
	for t := 0; t < size-1; t++ {
		parallelFor(size-1-t, func(lo, hi int) { gaussianRows(a, b, m, size, t, t+1+lo, t+1+hi) })
	}
}

// gaussianRows eliminates column t from rows lo to hi-1 (all below t).
func gaussianRows(a, b, m []float32, size, t, lo, hi int) {
	pivotRow := a[t*size+t : (t+1)*size]
	for i := lo; i < hi; i++ {
		mi := a[i*size+t] / a[t*size+t]
		m[i*size+t] = mi
		row := a[i*size+t : (i+1)*size]
		for j, p := range pivotRow {
			row[j] -= mi * p
		}
		b[i] -= mi * b[t]
	}
}

// GaussianBackSub returns the solution of the system Gaussian has
// eliminated, as BackSub of gaussian.cu computes it on the host.
func GaussianBackSub(a, b []float32, size int) []float32 {
	x := make([]float32, size)
	for i := range size {
		r := size - i - 1
		x[r] = b[r]
		for j := range i {
			x[r] -= a[size*r+(size-j-1)] * x[size-j-1]
		}
		x[r] /= a[size*r+r]
	}
	return x
}

// GaussianInput returns the size×size matrix and the right-hand side that
// gaussian.cu makes with -s size (create_matrix, Ke Wang's): a symmetric
// Toeplitz matrix whose diagonals decay as 10·e^(-0.01·d), and b all ones.
func GaussianInput(size int) (a, b []float32) {
	a = keWangMatrix(size, -0.01)
	b = make([]float32, size)
	for i := range b {
		b[i] = 1
	}
	return a, b
}
