package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds the square shared-memory kernels of chapter 5 of
// "Professional CUDA C Programming" (deeperlearning/professional-cuda-c-
// programming at ee58310, examples/chapter05/checkSmemSquare.cu), which
// write each thread's linear index into a BDIMY×BDIMX (32×32) tile row by
// row and read it back column by column, so that the output is the
// transposed index; padding the tile's rows by IPAD (1) removes the bank
// conflicts of the column reads. A __shared__ int tile[Y][X] is a Shared
// of Y arrays [X]int32; an extern __shared__ one is DynamicShared.

// BDIMX, BDIMY and IPAD of checkSmemSquare.cu.
const (
	sqBdimx = 32
	sqBdimy = 32
	sqIpad  = 1
)

// SmemSquareSetRowReadColKernel is setRowReadCol of checkSmemSquare.cu:
// stores by row, loads by column from a static tile.
//
//gocuda:kernel SmemSquareSetRowReadColKernel
func smemSquareSetRowReadColKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.Shared[[sqBdimx]int32](t, sqBdimy)

	idx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)

	tile[t.ThreadIdx.Y][t.ThreadIdx.X] = int32(idx)

	t.SyncThreads()

	out[idx] = tile[t.ThreadIdx.X][t.ThreadIdx.Y]
}

// SmemSquareSetRowReadColDynKernel is setRowReadColDyn of
// checkSmemSquare.cu: the same through a dynamic one-dimensional tile
// indexed by hand.
//
//gocuda:kernel SmemSquareSetRowReadColDynKernel
func smemSquareSetRowReadColDynKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.DynamicShared[int32](t)

	rowIdx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)
	colIdx := uint32(t.ThreadIdx.X*t.BlockDim.Y + t.ThreadIdx.Y)

	tile[rowIdx] = int32(rowIdx)

	t.SyncThreads()

	out[rowIdx] = tile[colIdx]
}

// SmemSquareSetRowReadColPadKernel is setRowReadColPad of
// checkSmemSquare.cu: setRowReadCol with each tile row IPAD longer.
//
//gocuda:kernel SmemSquareSetRowReadColPadKernel
func smemSquareSetRowReadColPadKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.Shared[[sqBdimx + sqIpad]int32](t, sqBdimy)

	idx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)

	tile[t.ThreadIdx.Y][t.ThreadIdx.X] = int32(idx)

	t.SyncThreads()

	out[idx] = tile[t.ThreadIdx.X][t.ThreadIdx.Y]
}

// SmemSquareSetRowReadColDynPadKernel is setRowReadColDynPad of
// checkSmemSquare.cu: the padded tile in dynamic shared memory, rows of
// blockDim.x+IPAD.
//
//gocuda:kernel SmemSquareSetRowReadColDynPadKernel
func smemSquareSetRowReadColDynPadKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.DynamicShared[int32](t)

	rowIdx := uint32(t.ThreadIdx.Y*(t.BlockDim.X+sqIpad) + t.ThreadIdx.X)
	colIdx := uint32(t.ThreadIdx.X*(t.BlockDim.X+sqIpad) + t.ThreadIdx.Y)

	gIdx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)

	tile[rowIdx] = int32(gIdx)

	t.SyncThreads()

	out[gIdx] = tile[colIdx]
}
