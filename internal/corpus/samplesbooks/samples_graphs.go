package samplesbooks

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the two kernels of NVIDIA/cuda-samples'
// 3_CUDA_Features/simpleCudaGraphs/simpleCudaGraphs.cu (at c94ff366),
// which the sample captures into CUDA graphs: reduce, per-block sums in
// double through shared memory and tile32 barriers, and reduceFinal, a
// block tree ending in tile32 shfl_down. (HeCBench's graphExecution
// carries them too.) size_t is int; C's chained assignment
// tmp[r] = temp_sum = ... is two statements.

// threadsPerBlock is simpleCudaGraphs.cu's THREADS_PER_BLOCK.
const threadsPerBlock = 512

// GraphReduceKernel is reduce of simpleCudaGraphs.cu: a grid-stride sum a
// thread, each tile's first 16 lanes folding their upper neighbours into
// shared memory under tile barriers, thread 0 adding the tiles' sums.
//
//gocuda:kernel GraphReduceKernel
func graphReduceKernel(t *gocuda.Thread, inputVec []float32, outputVec []float64, inputSize, outputSize int) {
	tmp := gocuda.Shared[float64](t, threadsPerBlock)

	cta := cg.ThisThreadBlock(t)
	globaltid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	tempSum := 0.0
	for i := globaltid; i < inputSize; i += t.GridDim.X * t.BlockDim.X {
		tempSum += float64(inputVec[i])
	}
	tmp[cta.ThreadRank()] = tempSum

	cta.Sync()

	tile32 := cg.TiledPartition(cta, 32)

	beta := tempSum
	var temp float64

	for i := tile32.Size() / 2; i > 0; i >>= 1 {
		if tile32.ThreadRank() < i {
			temp = tmp[cta.ThreadRank()+i]
			beta += temp
			tmp[cta.ThreadRank()] = beta
		}
		tile32.Sync()
	}
	cta.Sync()

	if cta.ThreadRank() == 0 && t.BlockIdx.X < outputSize {
		beta = 0.0
		for i := 0; i < cta.Size(); i += tile32.Size() {
			beta += tmp[i]
		}
		outputVec[t.BlockIdx.X] = beta
	}
}

// GraphReduceFinalKernel is reduceFinal of simpleCudaGraphs.cu: one block
// folds the partial sums by halves in shared memory, each step guarded by
// blockDim, and warp 0 finishes with tile32.shfl_down.
//
//gocuda:kernel GraphReduceFinalKernel
func graphReduceFinalKernel(t *gocuda.Thread, inputVec, result []float64, inputSize int) {
	tmp := gocuda.Shared[float64](t, threadsPerBlock)

	cta := cg.ThisThreadBlock(t)
	globaltid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	tempSum := 0.0
	for i := globaltid; i < inputSize; i += t.GridDim.X * t.BlockDim.X {
		tempSum += inputVec[i]
	}
	tmp[cta.ThreadRank()] = tempSum

	cta.Sync()

	tile32 := cg.TiledPartition(cta, 32)

	if (t.BlockDim.X >= 512) && (cta.ThreadRank() < 256) {
		tempSum = tempSum + tmp[cta.ThreadRank()+256]
		tmp[cta.ThreadRank()] = tempSum
	}

	cta.Sync()

	if (t.BlockDim.X >= 256) && (cta.ThreadRank() < 128) {
		tempSum = tempSum + tmp[cta.ThreadRank()+128]
		tmp[cta.ThreadRank()] = tempSum
	}

	cta.Sync()

	if (t.BlockDim.X >= 128) && (cta.ThreadRank() < 64) {
		tempSum = tempSum + tmp[cta.ThreadRank()+64]
		tmp[cta.ThreadRank()] = tempSum
	}

	cta.Sync()

	if cta.ThreadRank() < 32 {
		// The second warp's partial sums, then a shuffle tree in warp 0.
		if t.BlockDim.X >= 64 {
			tempSum += tmp[cta.ThreadRank()+32]
		}
		for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
			tempSum += cg.ShflDown(tile32, tempSum, offset)
		}
	}
	if cta.ThreadRank() == 0 {
		result[0] = tempSum
	}
}
