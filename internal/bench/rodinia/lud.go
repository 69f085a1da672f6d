package rodinia

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// LUDBlock is BLOCK_SIZE of lud/cuda/lud_kernel.cu: the side of the square
// blocks the LU decomposition works on. Matrices are multiples of it.
const LUDBlock = 16

// LUDDiagonalKernel returns lud_diagonal of Rodinia's lud/cuda/lud_kernel.cu:
// the LU decomposition, in place and without pivoting, of the 16×16 block
// of the matrixDim×matrixDim matrix m whose top-left corner is at (offset,
// offset). One block of 16 threads loads the block into shared memory, a
// column per thread, then for each of 15 steps i the threads below row i
// compute column i of L (their loop bound, i, grows with the step; a
// barrier after), then row i+1 of U (a barrier after). Rows 1 to 15 go
// back to m; row 0 is not changed. Launch it with one block of 16 threads
// (LUD does).
//
//gocuda:kernel LUDDiagonalKernel
func ludDiagonal(t *gocuda.Thread, m []float32, matrixDim, offset int) {
	var i, j int
	shadow := gocuda.Shared[[LUDBlock]float32](t, LUDBlock)

	arrayOffset := offset*matrixDim + offset
	for i = 0; i < LUDBlock; i++ {
		shadow[i][t.ThreadIdx.X] = m[arrayOffset+t.ThreadIdx.X]
		arrayOffset += matrixDim
	}
	t.SyncThreads()
	for i = 0; i < LUDBlock-1; i++ {
		if t.ThreadIdx.X > i {
			for j = 0; j < i; j++ {
				shadow[t.ThreadIdx.X][i] -= shadow[t.ThreadIdx.X][j] * shadow[j][i]
			}
			shadow[t.ThreadIdx.X][i] /= shadow[i][i]
		}

		t.SyncThreads()
		if t.ThreadIdx.X > i {
			for j = 0; j < i+1; j++ {
				shadow[i+1][t.ThreadIdx.X] -= shadow[i+1][j] * shadow[j][t.ThreadIdx.X]
			}
		}
		t.SyncThreads()
	}

	// The first row is not modified: no need to write it back.
	arrayOffset = (offset+1)*matrixDim + offset
	for i = 1; i < LUDBlock; i++ {
		m[arrayOffset+t.ThreadIdx.X] = shadow[i][t.ThreadIdx.X]
		arrayOffset += matrixDim
	}
}

// LUDPerimeterKernel returns lud_perimeter of Rodinia's
// lud/cuda/lud_kernel.cu: the blocks right of and below the diagonal block
// at (offset, offset), after LUDDiagonalKernel has decomposed it. Block bx
// of 32 threads takes the bx+1-th block right of the diagonal (its row
// block, solved with L: the first 16 threads, a column each) and the
// bx+1-th below it (its column block, solved with U: the other 16, a row
// each). Both halves load half of the diagonal block and their own block
// into shared memory, a barrier, solve, a barrier, and write their block
// back. Launch it with (matrixDim-offset)/16-1 blocks of 32 threads (LUD
// does).
//
//gocuda:kernel LUDPerimeterKernel
func ludPerimeter(t *gocuda.Thread, m []float32, matrixDim, offset int) {
	dia := gocuda.Shared[[LUDBlock]float32](t, LUDBlock)
	periRow := gocuda.Shared[[LUDBlock]float32](t, LUDBlock)
	periCol := gocuda.Shared[[LUDBlock]float32](t, LUDBlock)

	var i, j, arrayOffset int
	var idx int

	if t.ThreadIdx.X < LUDBlock {
		idx = t.ThreadIdx.X

		arrayOffset = offset*matrixDim + offset
		for i = 0; i < LUDBlock/2; i++ {
			dia[i][idx] = m[arrayOffset+idx]
			arrayOffset += matrixDim
		}

		arrayOffset = offset*matrixDim + offset
		for i = 0; i < LUDBlock; i++ {
			periRow[i][idx] = m[arrayOffset+(t.BlockIdx.X+1)*LUDBlock+idx]
			arrayOffset += matrixDim
		}
	} else {
		idx = t.ThreadIdx.X - LUDBlock

		arrayOffset = (offset+LUDBlock/2)*matrixDim + offset
		for i = LUDBlock / 2; i < LUDBlock; i++ {
			dia[i][idx] = m[arrayOffset+idx]
			arrayOffset += matrixDim
		}

		arrayOffset = (offset+(t.BlockIdx.X+1)*LUDBlock)*matrixDim + offset
		for i = 0; i < LUDBlock; i++ {
			periCol[i][idx] = m[arrayOffset+idx]
			arrayOffset += matrixDim
		}
	}
	t.SyncThreads()

	if t.ThreadIdx.X < LUDBlock { // peri-row
		idx = t.ThreadIdx.X
		for i = 1; i < LUDBlock; i++ {
			for j = 0; j < i; j++ {
				periRow[i][idx] -= dia[i][j] * periRow[j][idx]
			}
		}
	} else { // peri-col
		idx = t.ThreadIdx.X - LUDBlock
		for i = 0; i < LUDBlock; i++ {
			for j = 0; j < i; j++ {
				periCol[idx][i] -= periCol[idx][j] * dia[j][i]
			}
			periCol[idx][i] /= dia[i][i]
		}
	}

	t.SyncThreads()

	if t.ThreadIdx.X < LUDBlock { // peri-row
		idx = t.ThreadIdx.X
		arrayOffset = (offset+1)*matrixDim + offset
		for i = 1; i < LUDBlock; i++ {
			m[arrayOffset+(t.BlockIdx.X+1)*LUDBlock+idx] = periRow[i][idx]
			arrayOffset += matrixDim
		}
	} else { // peri-col
		idx = t.ThreadIdx.X - LUDBlock
		arrayOffset = (offset+(t.BlockIdx.X+1)*LUDBlock)*matrixDim + offset
		for i = 0; i < LUDBlock; i++ {
			m[arrayOffset+idx] = periCol[i][idx]
			arrayOffset += matrixDim
		}
	}
}

// LUDInternalKernel returns lud_internal of Rodinia's
// lud/cuda/lud_kernel.cu: the update of the trailing submatrix right of
// and below the perimeter blocks at offset, block (bx, by) of it minus the
// product of the by+1-th column perimeter block and the bx+1-th row
// perimeter block. A 16×16 block loads both perimeter blocks into shared
// memory, a barrier, and each thread subtracts its 16-term dot product,
// summed in float from 0, from its element. Launch it with a grid of
// k×k blocks of 16×16 threads, k = (matrixDim-offset)/16-1 (LUD does).
//
//gocuda:kernel LUDInternalKernel
func ludInternal(t *gocuda.Thread, m []float32, matrixDim, offset int) {
	periRow := gocuda.Shared[[LUDBlock]float32](t, LUDBlock)
	periCol := gocuda.Shared[[LUDBlock]float32](t, LUDBlock)

	var i int
	var sum float32

	globalRowID := offset + (t.BlockIdx.Y+1)*LUDBlock
	globalColID := offset + (t.BlockIdx.X+1)*LUDBlock

	periRow[t.ThreadIdx.Y][t.ThreadIdx.X] = m[(offset+t.ThreadIdx.Y)*matrixDim+globalColID+t.ThreadIdx.X]
	periCol[t.ThreadIdx.Y][t.ThreadIdx.X] = m[(globalRowID+t.ThreadIdx.Y)*matrixDim+offset+t.ThreadIdx.X]

	t.SyncThreads()

	sum = 0
	for i = 0; i < LUDBlock; i++ {
		sum += periCol[t.ThreadIdx.Y][i] * periRow[i][t.ThreadIdx.X]
	}
	m[(globalRowID+t.ThreadIdx.Y)*matrixDim+globalColID+t.ThreadIdx.X] -= sum
}

// LUD decomposes the matrixDim×matrixDim matrix m (row-major) in place
// into L (below the diagonal, its unit diagonal implied) and U (on and
// above it), without pivoting, on dev, as lud_cuda of lud_kernel.cu does:
// for each diagonal block but the last, LUDDiagonalKernel, then
// LUDPerimeterKernel over the blocks right of and below it, then
// LUDInternalKernel over the trailing submatrix, and LUDDiagonalKernel on
// the last diagonal block, 3·matrixDim/16-2 launches. matrixDim is a
// positive multiple of 16. Errors wrap gocuda.ErrInvalidValue for a nil
// device or bad sizes, or are the launch's.
func LUD(dev *gocuda.Device, m []float32, matrixDim int) error {
	if dev == nil {
		return nilDevice("LUD")
	}
	if err := ludCheck("LUD", m, matrixDim); err != nil {
		return err
	}
	diagCfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: LUDBlock}}
	i := 0
	for ; i < matrixDim-LUDBlock; i += LUDBlock {
		if err := dev.Launch(diagCfg, LUDDiagonalKernel(m, matrixDim, i)); err != nil {
			return err
		}
		k := (matrixDim-i)/LUDBlock - 1
		periCfg := gocuda.Config{Grid: gocuda.Dim3{X: k}, Block: gocuda.Dim3{X: 2 * LUDBlock}}
		if err := dev.Launch(periCfg, LUDPerimeterKernel(m, matrixDim, i)); err != nil {
			return err
		}
		internalCfg := gocuda.Config{Grid: gocuda.Dim3{X: k, Y: k}, Block: gocuda.Dim3{X: LUDBlock, Y: LUDBlock}}
		if err := dev.Launch(internalCfg, LUDInternalKernel(m, matrixDim, i)); err != nil {
			return err
		}
	}
	return dev.Launch(diagCfg, LUDDiagonalKernel(m, matrixDim, i))
}

func ludCheck(name string, m []float32, matrixDim int) error {
	if matrixDim < LUDBlock || matrixDim%LUDBlock != 0 || len(m) != matrixDim*matrixDim {
		return fmt.Errorf("%w: rodinia.%s: matrix of %d (a positive multiple of %d), len(m) = %d",
			gocuda.ErrInvalidValue, name, matrixDim, LUDBlock, len(m))
	}
	return nil
}

// LUDInput returns the matrixDim×matrixDim matrix lud.cu makes with -s
// (create_matrix, Ke Wang's): a symmetric Toeplitz matrix whose diagonals
// decay as 10·e^(-0.001·d).
func LUDInput(matrixDim int) []float32 {
	return keWangMatrix(matrixDim, -0.001)
}

// keWangMatrix is create_matrix of Rodinia's gaussian and lud: the
// size×size symmetric Toeplitz matrix whose d-th diagonals are
// 10·e^(lamda·d), computed as C computes them (lamda·d in float, the
// exponential in double, stored as float).
func keWangMatrix(size int, lamda float32) []float32 {
	coe := make([]float32, 2*size-1)
	for i := range size {
		c := float32(10 * math.Exp(float64(lamda*float32(i))))
		coe[size-1+i] = c
		coe[size-1-i] = c
	}
	a := make([]float32, size*size)
	for i := range size {
		for j := range size {
			a[i*size+j] = coe[size-1-i+j]
		}
	}
	return a
}

// LUDSerial computes what LUD computes in one goroutine, block step by
// block step as the kernels do (the diagonal block, the row and column
// blocks beside it, the trailing submatrix): the hand-written serial
// baseline. Every element gets the kernels' operations in the same order,
// so results agree with LUD's. It panics on bad sizes.
func LUDSerial(m []float32, matrixDim int) {
	ludHost(m, matrixDim, "LUDSerial", serialFor)
}

// LUDParallel is LUDSerial with each step's perimeter columns, perimeter
// rows and trailing rows split over GOMAXPROCS goroutines: the
// hand-written parallel baseline.
func LUDParallel(m []float32, matrixDim int) {
	ludHost(m, matrixDim, "LUDParallel", parallelFor)
}

// ludHost runs LUDSerial's steps, each step's loops over columns and rows
// run by split.
func ludHost(m []float32, n int, name string, split func(n int, f func(lo, hi int))) {
	if err := ludCheck(name, m, n); err != nil {
		panic(err)
	}
	offset := 0
	for ; offset < n-LUDBlock; offset += LUDBlock {
		ludDiagonalHost(m, n, offset)
		w := n - offset - LUDBlock // the trailing submatrix's side
		split(w, func(lo, hi int) { ludRowSolve(m, n, offset, lo, hi) })
		split(w, func(lo, hi int) { ludColSolve(m, n, offset, lo, hi) })
		split(w, func(lo, hi int) { ludTrailing(m, n, offset, lo, hi) })
	}
	ludDiagonalHost(m, n, offset)
}

// ludDiagonalHost decomposes the diagonal block at offset as lud_diagonal
// does: step i computes column i of L below the diagonal, then row i+1 of
// U right of it.
func ludDiagonalHost(m []float32, n, offset int) {
	a := func(r, c int) *float32 { return &m[(offset+r)*n+offset+c] }
	for i := range LUDBlock - 1 {
		for x := i + 1; x < LUDBlock; x++ {
			for j := range i {
				*a(x, i) -= *a(x, j) * *a(j, i)
			}
			*a(x, i) /= *a(i, i)
		}
		for x := i + 1; x < LUDBlock; x++ {
			for j := range i + 1 {
				*a(i+1, x) -= *a(i+1, j) * *a(j, x)
			}
		}
	}
}

// ludRowSolve solves columns lo to hi-1 (counted from the diagonal block's
// right edge) of the row perimeter with L, as the first half of
// lud_perimeter's threads do, each element's subtractions in its order.
func ludRowSolve(m []float32, n, offset, lo, hi int) {
	c0 := offset + LUDBlock
	for i := 1; i < LUDBlock; i++ {
		row := m[(offset+i)*n:][:n]
		out := row[c0+lo : c0+hi]
		for j := range i {
			l := row[offset+j]
			for c, u := range m[(offset+j)*n+c0+lo : (offset+j)*n+c0+hi] {
				out[c] -= l * u
			}
		}
	}
}

// ludColSolve solves rows lo to hi-1 (counted from the diagonal block's
// bottom edge) of the column perimeter with U, as the second half of
// lud_perimeter's threads do.
func ludColSolve(m []float32, n, offset, lo, hi int) {
	for r := offset + LUDBlock + lo; r < offset+LUDBlock+hi; r++ {
		row := m[r*n+offset:][:LUDBlock]
		for i := range LUDBlock {
			for j := range i {
				row[i] -= row[j] * m[(offset+j)*n+offset+i]
			}
			row[i] /= m[(offset+i)*n+offset+i]
		}
	}
}

// ludTrailing updates rows lo to hi-1 (counted from the diagonal block's
// bottom edge) of the trailing submatrix as lud_internal does: each element
// minus its 16-term dot product, summed from 0 in the kernel's order (the
// sums of a row are accumulated side by side, term by term).
func ludTrailing(m []float32, n, offset, lo, hi int) {
	w := n - offset - LUDBlock
	sum := make([]float32, w)
	for r := offset + LUDBlock + lo; r < offset+LUDBlock+hi; r++ {
		row := m[r*n:][:n]
		clear(sum)
		for k := range LUDBlock {
			l := row[offset+k]
			for c, u := range m[(offset+k)*n+offset+LUDBlock:][:w] {
				sum[c] += l * u
			}
		}
		for c, s := range sum {
			row[offset+LUDBlock+c] -= s
		}
	}
}
