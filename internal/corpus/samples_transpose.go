package corpus

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the copies and transposes of NVIDIA/cuda-samples,
// Samples/6_Performance/transpose/transpose.cu: TILE_DIM×TILE_DIM tiles
// handled by TILE_DIM×BLOCK_ROWS threads, each thread taking
// TILE_DIM/BLOCK_ROWS elements. width and height are multiples of
// TILE_DIM; launch them with a width/TILE_DIM × height/TILE_DIM grid.

const (
	transposeTileDim   = 32
	transposeBlockRows = 16
)

// TransposeCopyKernel is copy: the reference copy without shared memory.
//
//gocuda:kernel TransposeCopyKernel
func transposeCopy(t *gocuda.Thread, odata, idata []float32, width, height int) {
	xIndex := t.BlockIdx.X*transposeTileDim + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.Y

	index := xIndex + width*yIndex

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		odata[index+i*width] = idata[index+i*width]
	}
}

// CopySharedMemKernel is copySharedMem: the copy through a shared tile,
// with bounds checks around the loads and stores.
//
//gocuda:kernel CopySharedMemKernel
func copySharedMem(t *gocuda.Thread, odata, idata []float32, width, height int) {
	cta := cg.ThisThreadBlock(t)
	tile := gocuda.Shared[[transposeTileDim]float32](t, transposeTileDim)

	xIndex := t.BlockIdx.X*transposeTileDim + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.Y

	index := xIndex + width*yIndex

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		if xIndex < width && yIndex < height {
			tile[t.ThreadIdx.Y+i][t.ThreadIdx.X] = idata[index+i*width]
		}
	}

	cta.Sync()

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		if xIndex < height && yIndex < width {
			odata[index+i*width] = tile[t.ThreadIdx.Y+i][t.ThreadIdx.X]
		}
	}
}

// TransposeNaiveKernel is transposeNaive: strided writes straight to
// global memory.
//
//gocuda:kernel TransposeNaiveKernel
func transposeNaive(t *gocuda.Thread, odata, idata []float32, width, height int) {
	xIndex := t.BlockIdx.X*transposeTileDim + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.Y

	indexIn := xIndex + width*yIndex
	indexOut := yIndex + height*xIndex

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		odata[indexOut+i] = idata[indexIn+i*width]
	}
}

// TransposeCoalescedKernel is transposeCoalesced: coalesced reads and
// writes through a shared tile (with bank conflicts).
//
//gocuda:kernel TransposeCoalescedKernel
func transposeCoalesced(t *gocuda.Thread, odata, idata []float32, width, height int) {
	cta := cg.ThisThreadBlock(t)
	tile := gocuda.Shared[[transposeTileDim]float32](t, transposeTileDim)

	xIndex := t.BlockIdx.X*transposeTileDim + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.Y
	indexIn := xIndex + yIndex*width

	xIndex = t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.X
	yIndex = t.BlockIdx.X*transposeTileDim + t.ThreadIdx.Y
	indexOut := xIndex + yIndex*height

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		tile[t.ThreadIdx.Y+i][t.ThreadIdx.X] = idata[indexIn+i*width]
	}

	cta.Sync()

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		odata[indexOut+i*height] = tile[t.ThreadIdx.X][t.ThreadIdx.Y+i]
	}
}

// TransposeNoBankConflictsKernel is transposeNoBankConflicts: the
// coalesced transpose with the tile padded by a column.
//
//gocuda:kernel TransposeNoBankConflictsKernel
func transposeNoBankConflicts(t *gocuda.Thread, odata, idata []float32, width, height int) {
	cta := cg.ThisThreadBlock(t)
	tile := gocuda.Shared[[transposeTileDim + 1]float32](t, transposeTileDim)

	xIndex := t.BlockIdx.X*transposeTileDim + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.Y
	indexIn := xIndex + yIndex*width

	xIndex = t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.X
	yIndex = t.BlockIdx.X*transposeTileDim + t.ThreadIdx.Y
	indexOut := xIndex + yIndex*height

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		tile[t.ThreadIdx.Y+i][t.ThreadIdx.X] = idata[indexIn+i*width]
	}

	cta.Sync()

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		odata[indexOut+i*height] = tile[t.ThreadIdx.X][t.ThreadIdx.Y+i]
	}
}

// TransposeDiagonalKernel is transposeDiagonal: transposeNoBankConflicts
// with the blocks renumbered along diagonals (to spread partition camping).
//
//gocuda:kernel TransposeDiagonalKernel
func transposeDiagonal(t *gocuda.Thread, odata, idata []float32, width, height int) {
	cta := cg.ThisThreadBlock(t)
	tile := gocuda.Shared[[transposeTileDim + 1]float32](t, transposeTileDim)

	var blockIdxX, blockIdxY int

	// do diagonal reordering
	if width == height {
		blockIdxY = t.BlockIdx.X
		blockIdxX = (t.BlockIdx.X + t.BlockIdx.Y) % t.GridDim.X
	} else {
		bid := t.BlockIdx.X + t.GridDim.X*t.BlockIdx.Y
		blockIdxY = bid % t.GridDim.Y
		blockIdxX = ((bid / t.GridDim.Y) + blockIdxY) % t.GridDim.X
	}

	xIndex := blockIdxX*transposeTileDim + t.ThreadIdx.X
	yIndex := blockIdxY*transposeTileDim + t.ThreadIdx.Y
	indexIn := xIndex + yIndex*width

	xIndex = blockIdxY*transposeTileDim + t.ThreadIdx.X
	yIndex = blockIdxX*transposeTileDim + t.ThreadIdx.Y
	indexOut := xIndex + yIndex*height

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		tile[t.ThreadIdx.Y+i][t.ThreadIdx.X] = idata[indexIn+i*width]
	}

	cta.Sync()

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		odata[indexOut+i*height] = tile[t.ThreadIdx.X][t.ThreadIdx.Y+i]
	}
}

// TransposeFineGrainedKernel is transposeFineGrained: only the transpose
// within each tile, the tiles staying in place (a partial transpose the
// sample times, not a correct one).
//
//gocuda:kernel TransposeFineGrainedKernel
func transposeFineGrained(t *gocuda.Thread, odata, idata []float32, width, height int) {
	cta := cg.ThisThreadBlock(t)
	block := gocuda.Shared[[transposeTileDim + 1]float32](t, transposeTileDim)

	xIndex := t.BlockIdx.X*transposeTileDim + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.Y
	index := xIndex + yIndex*width

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		block[t.ThreadIdx.Y+i][t.ThreadIdx.X] = idata[index+i*width]
	}

	cta.Sync()

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		odata[index+i*height] = block[t.ThreadIdx.X][t.ThreadIdx.Y+i]
	}
}

// TransposeCoarseGrainedKernel is transposeCoarseGrained: only the
// permutation of the tiles, each tile's elements staying in place (a
// partial transpose).
//
//gocuda:kernel TransposeCoarseGrainedKernel
func transposeCoarseGrained(t *gocuda.Thread, odata, idata []float32, width, height int) {
	cta := cg.ThisThreadBlock(t)
	block := gocuda.Shared[[transposeTileDim + 1]float32](t, transposeTileDim)

	xIndex := t.BlockIdx.X*transposeTileDim + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.Y
	indexIn := xIndex + yIndex*width

	xIndex = t.BlockIdx.Y*transposeTileDim + t.ThreadIdx.X
	yIndex = t.BlockIdx.X*transposeTileDim + t.ThreadIdx.Y
	indexOut := xIndex + yIndex*height

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		block[t.ThreadIdx.Y+i][t.ThreadIdx.X] = idata[indexIn+i*width]
	}

	cta.Sync()

	for i := 0; i < transposeTileDim; i += transposeBlockRows {
		odata[indexOut+i*height] = block[t.ThreadIdx.Y+i][t.ThreadIdx.X]
	}
}
