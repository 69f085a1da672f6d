package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's keogh benchmark (zjin-lcf/HeCBench at
// f27000a, src/keogh-cuda/main.cu, after Hundt et al.'s CUDA-DTW
// subsequence search): lb_keogh, the LB_Keogh lower bound of each
// subsequence of the subject against the query's envelope, the block's
// window of the subject cached in dynamic shared memory. C's bool-to-float
// products (upper > 0) are b2f.

// b2f is C's conversion of a comparison's result to float: 1 or 0.
func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// LbKeoghKernel is lb_keogh of keogh-cuda.
//
//gocuda:kernel LbKeoghKernel
func lbKeoghKernel(t *gocuda.Thread, subject, avgs, stds, lbKeogh, lowerBound, upperBound []float32, M, N int32) {
	// shared memory
	cache := gocuda.DynamicShared[float32](t)

	lid := int32(t.ThreadIdx.X)
	blockSize := int32(t.BlockDim.X * t.BlockIdx.X)
	idx := blockSize + lid

	for k := lid; k < int32(t.BlockDim.X)+M; k += int32(t.BlockDim.X) {
		if blockSize+k < N {
			cache[k] = subject[blockSize+k]
		}
	}

	t.SyncThreads()

	if idx < N-M+1 {

		// obtain statistics
		residues := float32(0)
		avg := avgs[idx]
		std := stds[idx]

		for i := int32(0); i < M; i++ {
			// differences to envelopes
			value := (cache[lid+i] - avg) / std
			lower := value - lowerBound[i]
			upper := value - upperBound[i]

			// Euclidean or Manhattan distance?
			residues += upper*upper*b2f(upper > 0) + lower*lower*b2f(lower < 0)
		}

		lbKeogh[idx] = residues
	}
}
