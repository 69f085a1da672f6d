package samplesbooks

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the kernels of HeCBench's src/attention-cuda/kernels.h
// (zjin-lcf/HeCBench at f27000a): single-query attention over n keys of d
// features, in three passes (key·query dot products and the sum of their
// exponentials, scores, the score-weighted sum of the values) or two, with
// one warp a row reducing by cg::reduce. The two variants that reduce by
// CUB's BlockReduce are not ported (gocuda has no CUB). __expf is expf.

// AttentionKernel1 is attention_kernel1 of attention-cuda: thread i
// computes key row i's dot product with the query, stores it and adds its
// exponential to exp_sum.
//
//gocuda:kernel AttentionKernel1
func attentionKernel1(t *gocuda.Thread, key, query, dotProduct, expSum []float32, n, d int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		sum := float32(0)
		for j := 0; j < d; j++ {
			sum += key[i*d+j] * query[j]
		}
		dotProduct[i] = sum
		atomic.Add(&expSum[0], expf(sum))
	}
}

// AttentionKernel2 is attention_kernel2 of attention-cuda: the softmax
// score of each key from its dot product and the sum of exponentials.
//
//gocuda:kernel AttentionKernel2
func attentionKernel2(t *gocuda.Thread, expSum, dotProduct, score []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		score[i] = expf(dotProduct[i]) / expSum[0]
	}
}

// AttentionKernel3 is attention_kernel3 of attention-cuda: thread j sums
// column j of the values weighted by the scores.
//
//gocuda:kernel AttentionKernel3
func attentionKernel3(t *gocuda.Thread, score, value, output []float32, n, d int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if j < d {
		sum := float32(0)
		for i := 0; i < n; i++ {
			sum += score[i] * value[i*d+j]
		}
		output[j] = sum
	}
}

// AttentionKernel1WarpReduce is attention_kernel1_warpReduce of
// attention-cuda: attention_kernel1 with a warp a key row, its lanes
// striding over the features and cg::reduce summing their parts; lane 0
// stores the product and adds its exponential.
//
//gocuda:kernel AttentionKernel1WarpReduce
func attentionKernel1WarpReduce(t *gocuda.Thread, key, query, dotProduct, expSum []float32, n, d int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	// A warp a row: the block's warps take consecutive rows.
	i := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if i < n {
		sum := float32(0)
		for j := warp.ThreadRank(); j < d; j += warp.Size() {
			sum += key[i*d+j] * query[j]
		}
		sum = cg.Reduce(warp, sum, cg.Plus)
		if warp.ThreadRank() == 0 {
			dotProduct[i] = sum
			atomic.Add(&expSum[0], expf(sum))
		}
	}
}

// AttentionKernel2WarpReduce is attention_kernel2_warpReduce of
// attention-cuda: a warp a value column j, its lanes striding over the
// keys, computing each key's score on the fly, and cg::reduce summing.
//
//gocuda:kernel AttentionKernel2WarpReduce
func attentionKernel2WarpReduce(t *gocuda.Thread, expSum, dotProduct, value, output []float32, n, d int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	j := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if j < d {
		sum := float32(0)
		for i := warp.ThreadRank(); i < n; i += warp.Size() {
			score := expf(dotProduct[i]) / expSum[0]
			sum += score * value[i*d+j]
		}
		sum = cg.Reduce(warp, sum, cg.Plus)
		if warp.ThreadRank() == 0 {
			output[j] = sum
		}
	}
}
