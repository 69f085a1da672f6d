package hecbenchatok

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's graphExecution benchmark (zjin-lcf/HeCBench
// at f27000a, src/graphExecution-cuda/main.cu, after the CUDA samples'
// simpleCudaGraphs): a two-stage sum of floats into a double through
// cooperative groups, the first stage reducing each warp's part of a
// shared array with a tile's barriers, the second a block tree and a
// tile's shuffles.

// graphThreadsPerBlock is THREADS_PER_BLOCK of main.cu.
const graphThreadsPerBlock = 256

// GraphReduceKernel is reduce of main.cu.
//
//gocuda:kernel GraphReduceKernel
func graphReduce(t *gocuda.Thread, inputVec []float32, outputVec []float64, inputSize, outputSize int) {
	tmp := gocuda.Shared[float64](t, graphThreadsPerBlock)

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

// GraphReduceFinalKernel is reduceFinal of main.cu.
//
//gocuda:kernel GraphReduceFinalKernel
func graphReduceFinal(t *gocuda.Thread, inputVec, result []float64, inputSize int) {
	tmp := gocuda.Shared[float64](t, graphThreadsPerBlock)

	cta := cg.ThisThreadBlock(t)
	globaltid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	tempSum := 0.0
	for i := globaltid; i < inputSize; i += t.GridDim.X * t.BlockDim.X {
		tempSum += inputVec[i]
	}
	tmp[cta.ThreadRank()] = tempSum

	cta.Sync()

	tile32 := cg.TiledPartition(cta, 32)

	// do reduction in shared mem
	if t.BlockDim.X >= 512 && cta.ThreadRank() < 256 {
		tempSum = tempSum + tmp[cta.ThreadRank()+256]
		tmp[cta.ThreadRank()] = tempSum
	}

	cta.Sync()

	if t.BlockDim.X >= 256 && cta.ThreadRank() < 128 {
		tempSum = tempSum + tmp[cta.ThreadRank()+128]
		tmp[cta.ThreadRank()] = tempSum
	}

	cta.Sync()

	if t.BlockDim.X >= 128 && cta.ThreadRank() < 64 {
		tempSum = tempSum + tmp[cta.ThreadRank()+64]
		tmp[cta.ThreadRank()] = tempSum
	}

	cta.Sync()

	if cta.ThreadRank() < 32 {
		// Fetch final intermediate sum from 2nd warp
		if t.BlockDim.X >= 64 {
			tempSum += tmp[cta.ThreadRank()+32]
		}
		// Reduce final warp using shuffle
		for offset := tile32.Size() / 2; offset > 0; offset /= 2 {
			tempSum += cg.ShflDown(tile32, tempSum, offset)
		}
	}
	// write result for this block to global mem
	if cta.ThreadRank() == 0 {
		result[0] = tempSum
	}
}
