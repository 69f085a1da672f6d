package samplesbooks

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's softmax benchmark (zjin-lcf/HeCBench at
// f27000a, src/softmax-cuda/main.cu, after an OpenCL kernel): softMax,
// a slice a thread, and softMax2, a slice a warp with cg::reduce by
// cg::greater and cg::plus; both return early past the last slice.

// SoftMaxKernel is softMax of softmax-cuda: thread i computes the softmax
// of slice i in three passes (max, sum of exponentials, normalise).
//
//gocuda:kernel SoftMaxKernel
func softMaxKernel(t *gocuda.Thread, numSlice, sliceSize int, src, dest []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= numSlice {
		return
	}
	maxVal := src[i*sliceSize]
	for j := 0; j < sliceSize; j++ {
		maxVal = max(maxVal, src[i*sliceSize+j])
	}
	sum := float32(0)
	for j := 0; j < sliceSize; j++ {
		sum += expf(src[i*sliceSize+j] - maxVal)
	}
	for j := 0; j < sliceSize; j++ {
		dest[i*sliceSize+j] = expf(src[i*sliceSize+j]-maxVal) / sum
	}
}

// SoftMax2Kernel is softMax2 of softmax-cuda: warp w of block b takes
// slice b·(warps a block)+w, its lanes striding the slice, the maximum
// and the sum reduced over the tile by cg::reduce.
//
//gocuda:kernel SoftMax2Kernel
func softMax2Kernel(t *gocuda.Thread, numSlice, sliceSize int, src, dest []float32) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	i := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if i >= numSlice {
		return
	}
	maxVal := src[i*sliceSize]
	for j := warp.ThreadRank(); j < sliceSize; j += warp.Size() {
		maxVal = max(maxVal, src[i*sliceSize+j])
	}
	maxVal = cg.Reduce(warp, maxVal, cg.Greater[float32])
	sum := float32(0)
	for j := warp.ThreadRank(); j < sliceSize; j += warp.Size() {
		sum += expf(src[i*sliceSize+j] - maxVal)
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	for j := warp.ThreadRank(); j < sliceSize; j += warp.Size() {
		dest[i*sliceSize+j] = expf(src[i*sliceSize+j]-maxVal) / sum
	}
}
