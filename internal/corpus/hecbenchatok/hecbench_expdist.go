package hecbenchatok

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's expdist benchmark (zjin-lcf/HeCBench at
// f27000a, src/expdist-cuda/kernel.h, after the Kernel Tuner's
// expdist): the Bhattacharya cross term of two 2-D point sets, each block
// a 128×32 tile of the m×n pairs loaded into shared tiles by helpers
// (the column tile by the threads of x 0 alone), summed into a shared
// scalar with atomicAdd, and a one-block kernel summing the blocks'
// terms. FP is float (main.cu tests float and double).

// The expdist constants of kernel.h.
const (
	edBlockSizeX    = 32
	edBlockSizeY    = 8
	edTileSizeX     = 4
	edTileSizeY     = 4
	edReduceBlockSz = 256
	edDim           = 2
	edTileX         = edBlockSizeX * edTileSizeX
	edTileY         = edBlockSizeY * edTileSizeY
)

// fillSharedMemTiled1D is fill_shared_mem_tiled_1D<tile_size, stride>.
func fillSharedMemTiled1D(tileSize, stride int, shMem, dMem []float32, shOffset, dOffset int) {
	for ti := 0; ti < tileSize; ti++ {
		shMem[shOffset+ti*stride] = dMem[dOffset+ti*stride]
	}
}

// distanceTiled is distance_tiled<float, 2> of kernel.h.
func distanceTiled(t *gocuda.Thread, a, b []float32, m, n int, scaleA, scaleB, crossTerm []float32) {
	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y
	i := tx + t.BlockIdx.X*edBlockSizeX*edTileSizeX
	j := ty + t.BlockIdx.Y*edBlockSizeY*edTileSizeY

	shA := gocuda.Shared[[edTileX]float32](t, edDim)
	shB := gocuda.Shared[[edTileY]float32](t, edDim)
	shScaleA := gocuda.Shared[float32](t, edTileX)
	shScaleB := gocuda.Shared[float32](t, edTileY)
	sum := gocuda.Shared[float32](t, 1)

	if tx == 0 && ty == 0 {
		sum[0] = 0
	}

	for d := 0; d < edDim; d++ {
		fillSharedMemTiled1D(edTileSizeX, edBlockSizeX, shA[d][:], a[d*m:], tx, i)
		if tx == 0 {
			fillSharedMemTiled1D(edTileSizeY, edBlockSizeY, shB[d][:], b[d*n:], ty, j)
		}
	}
	fillSharedMemTiled1D(edTileSizeX, edBlockSizeX, shScaleA, scaleA, tx, i)
	if tx == 0 {
		fillSharedMemTiled1D(edTileSizeY, edBlockSizeY, shScaleB, scaleB, ty, j)
	}

	t.SyncThreads()

	var sCrossTerm float32
	for ti := 0; ti < edTileSizeX; ti++ {
		for tj := 0; tj < edTileSizeY; tj++ {
			if i+ti*edBlockSizeX < m && j+tj*edBlockSizeY < n {
				var distIJ float32
				for d := 0; d < edDim; d++ {
					distIJ += (shA[d][tx+ti*edBlockSizeX] - shB[d][ty+tj*edBlockSizeY]) *
						(shA[d][tx+ti*edBlockSizeX] - shB[d][ty+tj*edBlockSizeY])
				}
				sCrossTerm += expf(-distIJ / (shScaleA[tx+ti*edBlockSizeX] + shScaleB[ty+tj*edBlockSizeY]))
			}
		}
	}

	atomic.Add(&sum[0], sCrossTerm)
	t.SyncThreads()

	// write back the per-thread block partial cross term
	if tx == 0 && ty == 0 {
		crossTerm[t.BlockIdx.Y*t.GridDim.X+t.BlockIdx.X] = sum[0]
	}
}

// ExpdistDistanceKernel is distance<float> of kernel.h.
//
//gocuda:kernel ExpdistDistanceKernel
func expdistDistance(t *gocuda.Thread, a, b []float32, m, n int, scaleA, scaleB, crossTerm []float32) {
	// 2-dimensional with T precision
	distanceTiled(t, a, b, m, n, scaleA, scaleB, crossTerm)
}

// ReduceCrossTermKernel is reduce_cross_term<float> of kernel.h.
//
//gocuda:kernel ReduceCrossTermKernel
func reduceCrossTerm(t *gocuda.Thread, output, crossTerm []float32, m, n, nblocks int) {
	tx := t.ThreadIdx.X

	sum := gocuda.Shared[float32](t, 1)

	if tx == 0 {
		sum[0] = 0
	}
	t.SyncThreads()

	var sCrossTerm float32
	for i := tx; i < nblocks; i += edReduceBlockSz {
		sCrossTerm += crossTerm[i]
	}

	atomic.Add(&sum[0], sCrossTerm)

	t.SyncThreads()

	if tx == 0 {
		output[0] = sum[0]
	}
}
