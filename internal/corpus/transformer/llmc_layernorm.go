package transformer

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the layernorm kernels of llm.c's kernel laboratory
// (karpathy/llm.c at f1e2ace, dev/cuda/layernorm_forward.cu): the naive
// one, the three-kernel version (mean_kernel, rstd_kernel,
// normalization_kernel), the warp-per-row kernel4 and the block-per-row
// kernel5, both over cooperative groups' 32-thread tiles. (Package
// llmcrodinia ports kernel3, train_gpt2_fp32.cu's.) A nullptr test of a
// pointer argument is a nil test of the slice.

// LayernormForward1Kernel is layernorm_forward_kernel1 of
// layernorm_forward.cu: one thread a row.
//
//gocuda:kernel LayernormForward1Kernel
func layernormForward1Kernel(t *gocuda.Thread, out, mean, rstd []float32, inp, weight, bias []float32, N, C int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	eps := float32(1e-5)

	if idx < N {
		x := inp[idx*C:]
		m := float32(0.0)
		for i := 0; i < C; i++ {
			m += x[i]
		}
		m = m / float32(C)
		v := float32(0.0)
		for i := 0; i < C; i++ {
			xshift := x[i] - m
			v += xshift * xshift
		}
		v = v / float32(C)
		s := 1.0 / sqrtf(v+eps)
		outIdx := out[idx*C:]
		for i := 0; i < C; i++ {
			n := s * (x[i] - m)
			o := n*weight[i] + bias[i]
			outIdx[i] = o
		}
		mean[idx] = m
		rstd[idx] = s
	}
}

// MeanKernel is mean_kernel of layernorm_forward.cu: one block a row, a
// shared-memory tree sum (block_size an argument, the launch's).
//
//gocuda:kernel MeanKernel
func meanKernel(t *gocuda.Thread, mean, inp []float32, N, C, blockSize int) {
	shared := gocuda.DynamicShared[float32](t)
	idx := t.BlockIdx.X
	tid := t.ThreadIdx.X
	x := inp[idx*C:]
	sum := float32(0.0)
	for i := tid; i < C; i += blockSize {
		sum += x[i]
	}
	shared[tid] = sum
	t.SyncThreads()
	for stride := blockSize / 2; stride >= 1; stride /= 2 {
		t.SyncThreads()
		if tid < stride {
			shared[tid] += shared[tid+stride]
		}
	}
	if tid == 0 {
		mean[idx] = shared[0] / float32(C)
	}
}

// RstdKernel is rstd_kernel of layernorm_forward.cu: one block a row, the
// reciprocal standard deviation about mean.
//
//gocuda:kernel RstdKernel
func rstdKernel(t *gocuda.Thread, rstd, inp, mean []float32, N, C, blockSize int) {
	shared := gocuda.DynamicShared[float32](t)
	idx := t.BlockIdx.X
	tid := t.ThreadIdx.X
	x := inp[idx*C:]
	m := mean[idx]
	sum := float32(0.0)
	for i := tid; i < C; i += blockSize {
		diff := x[i] - m
		sum += diff * diff
	}
	shared[tid] = sum
	t.SyncThreads()
	for stride := blockSize / 2; stride >= 1; stride /= 2 {
		t.SyncThreads()
		if tid < stride {
			shared[tid] += shared[tid+stride]
		}
	}
	if tid == 0 {
		rstd[idx] = 1.0 / sqrtf(shared[0]/float32(C)+1e-5)
	}
}

// NormalizationKernel is normalization_kernel of layernorm_forward.cu: one
// thread an element (the launch covers B*T*C exactly).
//
//gocuda:kernel NormalizationKernel
func normalizationKernel(t *gocuda.Thread, out, inp, mean, rstd []float32, weight, bias []float32, B, T, C int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	bt := idx / C
	c := idx % C

	m := mean[bt]
	s := rstd[bt]
	xi := inp[idx]
	n := s * (xi - m)
	o := n*weight[c] + bias[c]

	out[idx] = o
}

// LayernormForward4Kernel is layernorm_forward_kernel4 of
// layernorm_forward.cu: one 32-thread tile a row, sum(x) and sum(x²) by
// cg::reduce, mean and rstd stored only when asked for.
//
//gocuda:kernel LayernormForward4Kernel
func layernormForward4Kernel(t *gocuda.Thread, out, mean, rstd []float32, inp, weight, bias []float32, N, C int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= N {
		return
	}

	x := inp[idx*C:]

	sum := float32(0.0)
	sum2 := float32(0.0)
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		xi := x[i]
		sum += xi
		sum2 += xi * xi
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	sum2 = cg.Reduce(warp, sum2, cg.Plus[float32])
	sum /= float32(C)
	sum2 /= float32(C)

	m := sum
	vr := sum2 - sum*sum
	s := rsqrtf(vr + 1e-5)

	if warp.ThreadRank() == 0 && mean != nil {
		mean[idx] = m // __stcs
	}
	if warp.ThreadRank() == 0 && rstd != nil {
		rstd[idx] = s // __stcs
	}
	o := out[idx*C:]
	for c := warp.ThreadRank(); c < C; c += warp.Size() {
		n := s * (x[c] - m) // __ldcs
		o[c] = n*weight[c] + bias[c]
	}
}

// LayernormForward5Kernel is layernorm_forward_kernel5 of
// layernorm_forward.cu: one block a row, tile reductions, the warps' sums
// through shared memory and a second tile reduction in every warp.
//
//gocuda:kernel LayernormForward5Kernel
func layernormForward5Kernel(t *gocuda.Thread, out, mean, rstd []float32, inp, weight, bias []float32, N, C int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	sharedSum := gocuda.Shared[float32](t, 32)
	sharedSum2 := gocuda.Shared[float32](t, 32)
	numWarps := t.BlockDim.X / 32
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32
	idx := t.BlockIdx.X
	x := inp[idx*C:]
	threadSum := float32(0.0)
	threadSum2 := float32(0.0)
	for i := t.ThreadIdx.X; i < C; i += t.BlockDim.X {
		xi := x[i]
		threadSum += xi
		threadSum2 += xi * xi
	}
	warpSum := cg.Reduce(warp, threadSum, cg.Plus[float32])
	warpSum2 := cg.Reduce(warp, threadSum2, cg.Plus[float32])
	sharedSum[warpID] = warpSum
	sharedSum2[warpID] = warpSum2
	t.SyncThreads()
	if laneID < numWarps {
		warpSum = sharedSum[laneID]
	} else {
		warpSum = 0.0
	}
	if laneID < numWarps {
		warpSum2 = sharedSum2[laneID]
	} else {
		warpSum2 = 0.0
	}
	blockSum := cg.Reduce(warp, warpSum, cg.Plus[float32])
	blockSum2 := cg.Reduce(warp, warpSum2, cg.Plus[float32])
	blockSum /= float32(C)
	blockSum2 /= float32(C)
	m := blockSum
	vr := blockSum2 - m*m
	s := rsqrtf(vr + 1e-5)
	if t.ThreadIdx.X == 0 && mean != nil {
		mean[idx] = m
	}
	if t.ThreadIdx.X == 0 && rstd != nil {
		rstd[idx] = s
	}
	o := out[idx*C:]
	for i := t.ThreadIdx.X; i < C; i += t.BlockDim.X {
		n := s * (x[i] - m)
		o[i] = n*weight[i] + bias[i]
	}
}
