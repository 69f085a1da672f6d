package hecbenchml

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's scatterAdd benchmark (zjin-lcf/HeCBench at
// f27000a, src/scatterAdd-cuda/kernels.h): PyTorch's scatter_add_ along
// dimension 0, each block accumulating WORK_SIZE rows of source into a
// private copy of the output in dynamic shared memory (the extern float
// array, its tail reinterpreted as the int index buffer) with shared
// atomicAdds, then adding that copy to the output with global ones.
// Blocks are warpSize × MAX_THREADS_PER_BLOCK/warpSize threads.

// The scatterAdd constants of kernels.h.
const (
	maxThreadsPerBlock = 512
	workSize           = 8192
	warpSize           = 32
)

// ScatterAddKernel is scatterAdd_kernel of kernels.h.
//
//gocuda:kernel ScatterAddKernel
func scatterAddKernel(t *gocuda.Thread, indexes []int32, source, outputs []float32, batchSize, outputSize, vectorDim int) {
	threadIdx := t.ThreadIdx.Y*warpSize + t.ThreadIdx.X
	batchIdxStart := t.BlockIdx.X * workSize
	// assert blockDim.x == warpSize
	// assert blockDim.y == MAX_THREADS_PER_BLOCK / warpSize

	buffer := gocuda.DynamicShared[float32](t)
	outputBuffer := buffer
	indexBuffer := gocuda.DynamicShared[int32](t)[outputSize*vectorDim:]

	for idxStart := 0; idxStart < outputSize*vectorDim; idxStart = idxStart + maxThreadsPerBlock {
		idx := idxStart + threadIdx
		if idx < outputSize*vectorDim {
			outputBuffer[idx] = 0
		}
	}
	t.SyncThreads()

	for idxStart := 0; idxStart < workSize; idxStart = idxStart + maxThreadsPerBlock {
		batchIdx := batchIdxStart + idxStart + threadIdx
		if batchIdx < batchSize {
			indexBuffer[threadIdx] = indexes[batchIdx]
		}
		t.SyncThreads()
		for bufferIdxStart := 0; bufferIdxStart < maxThreadsPerBlock; bufferIdxStart = bufferIdxStart + maxThreadsPerBlock/warpSize {
			bufferIdx := bufferIdxStart + t.ThreadIdx.Y
			batchIdx := batchIdxStart + idxStart + bufferIdx
			if batchIdx < batchSize {
				index := int(indexBuffer[bufferIdx])
				for jStart := 0; jStart < vectorDim; jStart = jStart + warpSize {
					j := jStart + t.ThreadIdx.X
					if j < vectorDim {
						atomic.Add(&outputBuffer[index*vectorDim+j], source[batchIdx*vectorDim+j])
					}
				}
			}
		}
		t.SyncThreads()
	}

	for idxStart := 0; idxStart < outputSize*vectorDim; idxStart = idxStart + maxThreadsPerBlock {
		idx := idxStart + threadIdx
		if idx < outputSize*vectorDim {
			atomic.Add(&outputs[idx], outputBuffer[idx])
		}
	}
}

// ScatterAdd2Kernel is scatterAdd2_kernel of kernels.h, the same with
// simpler loops (and no barrier between zeroing the shared copy and the
// first index load).
//
//gocuda:kernel ScatterAdd2Kernel
func scatterAdd2Kernel(t *gocuda.Thread, indexes []int32, source, outputs []float32, batchSize, outputSize, vectorDim int) {
	threadIdx := t.ThreadIdx.Y*warpSize + t.ThreadIdx.X
	batchIdxStart := t.BlockIdx.X * workSize

	buffer := gocuda.DynamicShared[float32](t)
	outputBuffer := buffer
	indexBuffer := gocuda.DynamicShared[int32](t)[outputSize*vectorDim:]

	for idx := threadIdx; idx < outputSize*vectorDim; idx += maxThreadsPerBlock {
		outputBuffer[idx] = 0
	}

	for idxStart := 0; idxStart < workSize; idxStart = idxStart + maxThreadsPerBlock {
		batchIdx := batchIdxStart + idxStart + threadIdx
		if batchIdx < batchSize {
			indexBuffer[threadIdx] = indexes[batchIdx]
		}
		t.SyncThreads()
		for bufferIdxStart := 0; bufferIdxStart < maxThreadsPerBlock; bufferIdxStart = bufferIdxStart + maxThreadsPerBlock/warpSize {
			bufferIdx := bufferIdxStart + t.ThreadIdx.Y
			batchIdx := batchIdxStart + idxStart + bufferIdx
			if batchIdx < batchSize {
				index := int(indexBuffer[bufferIdx])
				for j := t.ThreadIdx.X; j < vectorDim; j += warpSize {
					atomic.Add(&outputBuffer[index*vectorDim+j], source[batchIdx*vectorDim+j])
				}
			}
		}
		t.SyncThreads()
	}

	for idx := threadIdx; idx < outputSize*vectorDim; idx += maxThreadsPerBlock {
		atomic.Add(&outputs[idx], outputBuffer[idx])
	}
}
