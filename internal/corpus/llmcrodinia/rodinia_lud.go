package llmcrodinia

import "github.com/gocuda/gocuda/gocuda"

// This file holds Rodinia's LU decomposition (Rodinia 3.1, CUDA version,
// yuhc/gpu-rodinia at 9c10d3e, cuda/lud/cuda/lud_kernel.cu): lud_cuda
// factors a matrix_dim × matrix_dim matrix in place, block column by block
// column, with lud_diagonal on the diagonal block, lud_perimeter on the
// blocks right of it and below it, and lud_internal on the rest. There is
// no pivoting.

// ludBlockSize is BLOCK_SIZE.
const ludBlockSize = 16

// LudDiagonalKernel is lud_diagonal of lud_kernel.cu: the diagonal block at
// (offset, offset) factored in shared memory by one block of BLOCK_SIZE
// threads, a barrier after each step of the elimination.
//
//gocuda:kernel LudDiagonalKernel
func ludDiagonal(t *gocuda.Thread, m []float32, matrixDim, offset int) {
	var i, j int
	shadow := gocuda.Shared[[ludBlockSize]float32](t, ludBlockSize)

	arrayOffset := offset*matrixDim + offset
	for i = 0; i < ludBlockSize; i++ {
		shadow[i][t.ThreadIdx.X] = m[arrayOffset+t.ThreadIdx.X]
		arrayOffset += matrixDim
	}
	t.SyncThreads()
	for i = 0; i < ludBlockSize-1; i++ {

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

	/*
	   The first row is not modified, it
	   is no need to write it back to the
	   global memory

	*/
	arrayOffset = (offset+1)*matrixDim + offset
	for i = 1; i < ludBlockSize; i++ {
		m[arrayOffset+t.ThreadIdx.X] = shadow[i][t.ThreadIdx.X]
		arrayOffset += matrixDim
	}
}

// LudPerimeterKernel is lud_perimeter of lud_kernel.cu: block b updates
// the (b+1)-th block right of the diagonal block (its first BLOCK_SIZE
// threads) and the one below it (the other BLOCK_SIZE), from the factored
// diagonal block. Launch it with 2*BLOCK_SIZE threads per block.
//
//gocuda:kernel LudPerimeterKernel
func ludPerimeter(t *gocuda.Thread, m []float32, matrixDim, offset int) {
	dia := gocuda.Shared[[ludBlockSize]float32](t, ludBlockSize)
	periRow := gocuda.Shared[[ludBlockSize]float32](t, ludBlockSize)
	periCol := gocuda.Shared[[ludBlockSize]float32](t, ludBlockSize)

	var i, j, arrayOffset int
	var idx int

	if t.ThreadIdx.X < ludBlockSize {
		idx = t.ThreadIdx.X

		arrayOffset = offset*matrixDim + offset
		for i = 0; i < ludBlockSize/2; i++ {
			dia[i][idx] = m[arrayOffset+idx]
			arrayOffset += matrixDim
		}

		arrayOffset = offset*matrixDim + offset
		for i = 0; i < ludBlockSize; i++ {
			periRow[i][idx] = m[arrayOffset+(t.BlockIdx.X+1)*ludBlockSize+idx]
			arrayOffset += matrixDim
		}

	} else {
		idx = t.ThreadIdx.X - ludBlockSize

		arrayOffset = (offset+ludBlockSize/2)*matrixDim + offset
		for i = ludBlockSize / 2; i < ludBlockSize; i++ {
			dia[i][idx] = m[arrayOffset+idx]
			arrayOffset += matrixDim
		}

		arrayOffset = (offset+(t.BlockIdx.X+1)*ludBlockSize)*matrixDim + offset
		for i = 0; i < ludBlockSize; i++ {
			periCol[i][idx] = m[arrayOffset+idx]
			arrayOffset += matrixDim
		}

	}
	t.SyncThreads()

	if t.ThreadIdx.X < ludBlockSize { //peri-row
		idx = t.ThreadIdx.X
		for i = 1; i < ludBlockSize; i++ {
			for j = 0; j < i; j++ {
				periRow[i][idx] -= dia[i][j] * periRow[j][idx]
			}
		}
	} else { //peri-col
		idx = t.ThreadIdx.X - ludBlockSize
		for i = 0; i < ludBlockSize; i++ {
			for j = 0; j < i; j++ {
				periCol[idx][i] -= periCol[idx][j] * dia[j][i]
			}
			periCol[idx][i] /= dia[i][i]
		}
	}

	t.SyncThreads()

	if t.ThreadIdx.X < ludBlockSize { //peri-row
		idx = t.ThreadIdx.X
		arrayOffset = (offset+1)*matrixDim + offset
		for i = 1; i < ludBlockSize; i++ {
			m[arrayOffset+(t.BlockIdx.X+1)*ludBlockSize+idx] = periRow[i][idx]
			arrayOffset += matrixDim
		}
	} else { //peri-col
		idx = t.ThreadIdx.X - ludBlockSize
		arrayOffset = (offset+(t.BlockIdx.X+1)*ludBlockSize)*matrixDim + offset
		for i = 0; i < ludBlockSize; i++ {
			m[arrayOffset+idx] = periCol[i][idx]
			arrayOffset += matrixDim
		}
	}

}

// LudInternalKernel is lud_internal of lud_kernel.cu: each BLOCK_SIZE ×
// BLOCK_SIZE block of the trailing matrix less the product of its
// perimeter row and column blocks, through shared memory.
//
//gocuda:kernel LudInternalKernel
func ludInternal(t *gocuda.Thread, m []float32, matrixDim, offset int) {
	periRow := gocuda.Shared[[ludBlockSize]float32](t, ludBlockSize)
	periCol := gocuda.Shared[[ludBlockSize]float32](t, ludBlockSize)

	var i int
	var sum float32

	globalRowID := offset + (t.BlockIdx.Y+1)*ludBlockSize
	globalColID := offset + (t.BlockIdx.X+1)*ludBlockSize

	periRow[t.ThreadIdx.Y][t.ThreadIdx.X] = m[(offset+t.ThreadIdx.Y)*matrixDim+globalColID+t.ThreadIdx.X]
	periCol[t.ThreadIdx.Y][t.ThreadIdx.X] = m[(globalRowID+t.ThreadIdx.Y)*matrixDim+offset+t.ThreadIdx.X]

	t.SyncThreads()

	sum = 0
	for i = 0; i < ludBlockSize; i++ {
		sum += periCol[t.ThreadIdx.Y][i] * periRow[i][t.ThreadIdx.X]
	}
	m[(globalRowID+t.ThreadIdx.Y)*matrixDim+globalColID+t.ThreadIdx.X] -= sum

}
