package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's convolution1D (src/convolution1D-cuda/main.cu
// at f27000a, after chapter 7 of Kirk and Hwu's "Programming Massively
// Parallel Processors"): conv1d, conv1d_tiled and conv1d_tiled_caching,
// templates over the element type (double, float and int16_t in the
// original). The __constant__ template variable mask<T> is an argument;
// the extern __shared__ bytes reinterpreted as T are DynamicShared[T].

// conv1dElem is the element types the original instantiates.
type conv1dElem interface{ ~float64 | ~float32 | ~int16 }

// Conv1dKernel is conv1d<T>: out[i] is the masked sum of the inputs
// around i, those outside the input skipped.
//
//gocuda:kernel Conv1dKernel
func conv1dKernel[T conv1dElem](t *gocuda.Thread, in, out []T, mask []T, inputWidth, maskWidth int) {
	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	var s T = 0
	start := i - maskWidth/2
	for j := 0; j < maskWidth; j++ {
		if start+j >= 0 && start+j < inputWidth {
			s += in[start+j] * mask[j]
		}
	}
	out[i] = s
}

// Conv1dTiledKernel is conv1d_tiled<T>: the block's inputs and a halo of
// mask_width/2 cells each side are loaded into shared memory (zero outside
// the input), then each thread sums from the tile.
//
//gocuda:kernel Conv1dTiledKernel
func conv1dTiledKernel[T conv1dElem](t *gocuda.Thread, in, out []T, mask []T, inputWidth, maskWidth int) {
	tile := gocuda.DynamicShared[T](t) // TILE_SIZE + MAX_MASK_WIDTH - 1
	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X

	n := maskWidth / 2 // last n cells of the previous tile

	// load left cells
	haloLeft := (t.BlockIdx.X-1)*t.BlockDim.X + t.ThreadIdx.X
	if t.ThreadIdx.X >= t.BlockDim.X-n {
		if haloLeft < 0 {
			tile[t.ThreadIdx.X-(t.BlockDim.X-n)] = 0
		} else {
			tile[t.ThreadIdx.X-(t.BlockDim.X-n)] = in[haloLeft]
		}
	}

	// load center cells
	tile[n+t.ThreadIdx.X] = in[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X]

	// load right cells
	haloRight := (t.BlockIdx.X+1)*t.BlockDim.X + t.ThreadIdx.X
	if t.ThreadIdx.X < n {
		if haloRight >= inputWidth {
			tile[t.ThreadIdx.X+t.BlockDim.X+n] = 0
		} else {
			tile[t.ThreadIdx.X+t.BlockDim.X+n] = in[haloRight]
		}
	}

	t.SyncThreads()

	var s T = 0
	for j := 0; j < maskWidth; j++ {
		s += tile[t.ThreadIdx.X+j] * mask[j]
	}

	out[i] = s
}

// Conv1dTiledCachingKernel is conv1d_tiled_caching<T>: only the block's
// own inputs go to shared memory; the halo is read from global memory
// (the cache).
//
//gocuda:kernel Conv1dTiledCachingKernel
func conv1dTiledCachingKernel[T conv1dElem](t *gocuda.Thread, in, out []T, mask []T, inputWidth, maskWidth int) {
	tile := gocuda.DynamicShared[T](t) // TILE_SIZE

	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	tile[t.ThreadIdx.X] = in[i]
	t.SyncThreads()

	thisTileStart := t.BlockIdx.X * t.BlockDim.X
	nextTileStart := (t.BlockIdx.X + 1) * t.BlockDim.X
	start := i - (maskWidth / 2)
	var s T = 0
	for j := 0; j < maskWidth; j++ {
		inIndex := start + j
		if inIndex >= 0 && inIndex < inputWidth {
			if inIndex >= thisTileStart && inIndex < nextTileStart {
				// in_index = (start + j) = (i - mask_width/2 +j) >= 0,
				// then map in_index to tile_index
				s += tile[t.ThreadIdx.X+j-(maskWidth/2)] * mask[j]
			} else {
				s += in[inIndex] * mask[j]
			}
		}
	}
	out[i] = s
}
