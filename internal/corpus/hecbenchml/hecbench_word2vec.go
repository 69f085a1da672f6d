package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds the one kernel of HeCBench's word2vec benchmark
// (zjin-lcf/HeCBench at f27000a, src/word2vec-cuda/cbow.cu) that this
// package ports: device_memset. Its device_cbow is not ported: its
// reduceInWarp ends in warp-synchronous code through volatile shared
// memory with no __syncwarp, undefined under CUDA's current model.

// DeviceMemsetKernel is device_memset of word2vec-cuda: array[:size] = 0.
//
//gocuda:kernel DeviceMemsetKernel
func deviceMemsetKernel(t *gocuda.Thread, array []float32, size int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if idx < size {
		array[idx] = 0
	}
}
