package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's tensorT (src/tensorT-cuda/main.cu at
// f27000a, after Jyothi Vedurada's TTLG-style tensor transpose): the
// tensor_transpose kernel, a grid-stride loop over tiles, each staged in
// shared memory between two barriers, the index divisions replaced by
// multiplications with float reciprocals (an int times a float truncated
// back to an int, as in C).

// tensorTileSize is tensorT's TILE_SIZE.
const tensorTileSize = 5900

// TensorTransposeKernel is tensor_transpose: block b handles tiles b,
// b+gridDim, ...; a tile of tile_size contiguous inputs is loaded into
// shared memory, then each element is written to its permuted place.
//
//gocuda:kernel TensorTransposeKernel
func tensorTransposeKernel(t *gocuda.Thread, dimInput, dimOutput, nblocks, tileSize int,
	shapeInput, shapeOutput []int32, shapeInputR, shapeOutputR []float32,
	strideInput, strideOutputLocal, strideOutputGlobal []int32, input, output []float64) {
	tile := gocuda.Shared[float64](t, tensorTileSize)

	for blockIdx := t.BlockIdx.X; blockIdx < nblocks; blockIdx += t.GridDim.X {
		it, im, offset1 := blockIdx, 0, 0
		for i := 0; i < dimInput; i++ {
			im = int(float32(it) * shapeInputR[i]) // replace division with multiplication
			offset1 += int(strideInput[i]) * (it - im*int(shapeInput[i]))
			it = im
		}

		for i := t.ThreadIdx.X; i < tileSize; i += t.BlockDim.X {
			tile[i] = input[i+blockIdx*tileSize]
		}

		t.SyncThreads()

		for i := t.ThreadIdx.X; i < tileSize; i += t.BlockDim.X {
			it = i
			offset2, localOffset := 0, 0
			for j := 0; j < dimOutput; j++ {
				im = int(float32(it) * shapeOutputR[j]) // replace division with multiplication
				tmp := it - im*int(shapeOutput[j])
				offset2 += int(strideOutputGlobal[j]) * tmp
				localOffset += int(strideOutputLocal[j]) * tmp
				it = im
			}
			output[offset1+offset2] = tile[localOffset]
		}

		t.SyncThreads()
	}
}
