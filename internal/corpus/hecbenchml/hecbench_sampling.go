package hecbenchml

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's sampling benchmark (zjin-lcf/HeCBench at
// f27000a, src/sampling-cuda/kernels.cu, after RAPIDS cuML's kernel SHAP
// dataset builder), instantiated for DataT = float, IdxT = int:
// exact_rows_kernel and sampled_rows_kernel, whose first k threads draw
// columns from a per-thread copy of one LCG seed and claim them with
// atomicExch on X, retrying on a collision, before a barrier.

// ExactRowsKernel is exact_rows_kernel<float, int> of kernels.cu: block
// b scatters row b of X into nrowsBackground rows of dataset.
//
//gocuda:kernel ExactRowsKernel
func exactRowsKernel(t *gocuda.Thread, X []float32, nrowsX, ncols int, background []float32, nrowsBackground int, dataset, observation []float32) {
	// Each block processes one row of X. Columns are iterated over by blockDim.x at a time to ensure data coelescing
	col := t.ThreadIdx.X
	row := t.BlockIdx.X * ncols

	for col < ncols {
		// Load the X idx for the current column
		currX := int(X[row+col])

		// Iterate over nrows_background
		for rowIdx := t.BlockIdx.X * nrowsBackground; rowIdx < t.BlockIdx.X*nrowsBackground+nrowsBackground; rowIdx += 1 {
			if currX == 0 {
				dataset[rowIdx*ncols+col] = background[(rowIdx%nrowsBackground)*ncols+col]
			} else {
				dataset[rowIdx*ncols+col] = observation[col]
			}
		}
		// Increment the column
		col += t.BlockDim.X
	}
}

// lcgRandomDouble is kernels.cu's LCG_random_double.
func lcgRandomDouble(seed *uint64) float64 {
	const m = uint64(9223372036854775808) // 2^63
	const a = uint64(2806196910506780709)
	const c = uint64(1)
	*seed = (a*(*seed) + c) % m
	return float64(*seed) / float64(m)
}

// SampledRowsKernel is sampled_rows_kernel<float, int> of kernels.cu:
// block b samples nsamples[b] columns into row 2b of X, writes its
// complement to row 2b+1 and scatters both into dataset.
//
//gocuda:kernel SampledRowsKernel
func sampledRowsKernel(t *gocuda.Thread, nsamples []int32, X []float32, nrowsX, ncols int, background []float32, nrowsBackground int, dataset, observation []float32, seed uint64) {
	// see what k this block will generate
	kBlk := int(nsamples[t.BlockIdx.X])

	// First k threads of block generate samples
	if t.ThreadIdx.X < kBlk {
		randIdx := int(lcgRandomDouble(&seed) * float64(ncols))

		// Since X is initialized to 0, we quickly check for collisions (if k_blk << ncols the likelyhood of collisions is low)
		for atomic.Exch(&X[2*t.BlockIdx.X*ncols+randIdx], 1) == 1 {
			randIdx = int(lcgRandomDouble(&seed) * float64(ncols))
		}
	}
	t.SyncThreads()

	// Each block processes one row of X. Columns are iterated over by blockDim.x at a time to ensure data coelescing
	colIdx := t.ThreadIdx.X
	for colIdx < ncols {
		// Load the X idx for the current column
		currX := int(X[2*t.BlockIdx.X*ncols+colIdx])
		X[(2*t.BlockIdx.X+1)*ncols+colIdx] = float32(1 - currX)

		for bgRowIdx := 2 * t.BlockIdx.X * nrowsBackground; bgRowIdx < 2*t.BlockIdx.X*nrowsBackground+nrowsBackground; bgRowIdx += 1 {
			if currX == 0 {
				dataset[bgRowIdx*ncols+colIdx] = background[(bgRowIdx%nrowsBackground)*ncols+colIdx]
			} else {
				dataset[bgRowIdx*ncols+colIdx] = observation[colIdx]
			}
		}

		for bgRowIdx := (2*t.BlockIdx.X + 1) * nrowsBackground; bgRowIdx < (2*t.BlockIdx.X+1)*nrowsBackground+nrowsBackground; bgRowIdx += 1 {
			if currX == 0 {
				dataset[bgRowIdx*ncols+colIdx] = observation[colIdx]
			} else {
				dataset[bgRowIdx*ncols+colIdx] = background[(bgRowIdx)%nrowsBackground*ncols+colIdx]
			}
		}

		colIdx += t.BlockDim.X
	}
}
