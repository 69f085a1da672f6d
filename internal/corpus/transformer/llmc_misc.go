package transformer

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds more kernels of llm.c's kernel laboratory
// (karpathy/llm.c at f1e2ace, dev/cuda): crossentropy_forward.cu's and
// crossentropy_softmax_backward.cu's kernel1, matmul_backward_bias.cu's
// kernels 1 to 3, global_norm.cu's norm_kernel1 and norm_kernel2 (a
// template over the element type) and attention_forward.cu's three naive
// attention kernels. matmul_backward_bias.cu defines ENABLE_BF16; its
// floatX is float32 here (common.h's floatX without it), the casts to and
// from float kept.

// CrossentropyForward1Kernel is crossentropy_forward_kernel1 of
// crossentropy_forward.cu: one thread a (b, t) position.
//
//gocuda:kernel CrossentropyForward1Kernel
func crossentropyForward1Kernel(t *gocuda.Thread, losses, probs []float32, targets []int32, B, T, V int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < B*T {
		b := i / T
		tt := i % T
		probsBt := probs[b*T*V+tt*V:]
		ix := targets[b*T+tt]
		losses[b*T+tt] = -logf(probsBt[ix])
	}
}

// CrossentropySoftmaxBackward1Kernel is
// crossentropy_softmax_backward_kernel1 of
// crossentropy_softmax_backward.cu: one thread a logit.
//
//gocuda:kernel CrossentropySoftmaxBackward1Kernel
func crossentropySoftmaxBackward1Kernel(t *gocuda.Thread, dlogits, dlosses, probs []float32, targets []int32, B, T, V int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < B*T*V {
		b := i / (T * V)
		tt := (i / V) % T
		v := i % V
		dlogitsBt := dlogits[b*T*V+tt*V:]
		probsBt := probs[b*T*V+tt*V:]
		dloss := dlosses[b*T+tt]
		ix := targets[b*T+tt]
		p := probsBt[v]
		var indicator float32
		if v == int(ix) {
			indicator = 1.0
		} else {
			indicator = 0.0
		}
		dlogitsBt[v] += (p - indicator) * dloss
	}
}

// MatmulBackwardBias1Kernel is matmul_backward_bias_kernel1 of
// matmul_backward_bias.cu: one block an output channel, a shared-memory
// tree sum down the column, added into dbias.
//
//gocuda:kernel MatmulBackwardBias1Kernel
func matmulBackwardBias1Kernel(t *gocuda.Thread, dbias, dout []float32, B, T, OC int) {
	shared := gocuda.DynamicShared[float32](t)
	o := t.BlockIdx.X
	tid := t.ThreadIdx.X
	blockSize := t.BlockDim.X
	x := dout[o:]
	sum := float32(0.0)
	for i := tid; i < B*T; i += blockSize {
		sum += float32(x[i*OC])
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
		dbias[o] = float32(float32(dbias[o]) + shared[0])
	}
}

// MatmulBackwardBias2Kernel is matmul_backward_bias_kernel2 of
// matmul_backward_bias.cu: one 32-thread tile an output channel,
// cg::reduce.
//
//gocuda:kernel MatmulBackwardBias2Kernel
func matmulBackwardBias2Kernel(t *gocuda.Thread, dbias, dout []float32, B, T, OC int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= OC {
		return
	}
	BT := B * T
	sum := float32(0.0)
	for i := warp.ThreadRank(); i < BT; i += warp.Size() {
		sum += float32(dout[i*OC+idx])
	}
	sum = cg.Reduce(warp, sum, cg.Plus[float32])
	if warp.ThreadRank() == 0 {
		dbias[idx] = float32(dbias[idx]) + sum
	}
}

// MatmulBackwardBias3Kernel is matmul_backward_bias_kernel3 of
// matmul_backward_bias.cu: one block an output channel, tile reductions,
// the warps' sums through shared memory, a second tile reduction.
//
//gocuda:kernel MatmulBackwardBias3Kernel
func matmulBackwardBias3Kernel(t *gocuda.Thread, dbias, dout []float32, B, T, OC int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	sharedSum := gocuda.Shared[float32](t, 32)
	BT := B * T
	numWarps := t.BlockDim.X / 32
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32
	idx := t.BlockIdx.X
	threadSum := float32(0.0)
	for i := t.ThreadIdx.X; i < BT; i += t.BlockDim.X {
		threadSum += float32(dout[i*OC+idx])
	}
	warpSum := cg.Reduce(warp, threadSum, cg.Plus[float32])
	sharedSum[warpID] = warpSum
	t.SyncThreads()
	if laneID < numWarps {
		warpSum = sharedSum[laneID]
	} else {
		warpSum = 0.0
	}
	blockSum := cg.Reduce(warp, warpSum, cg.Plus[float32])
	if t.ThreadIdx.X == 0 {
		dbias[idx] = float32(dbias[idx]) + blockSum
	}
}

// normElem is the element types global_norm.cu instantiates norm_kernel1
// and norm_kernel2 with (float, and floatX, which is bfloat16 there and
// has no Go type; float64 stands in for the second).
type normElem interface{ ~float32 | ~float64 }

// NormKernel1 is norm_kernel1<T> of global_norm.cu: a grid-stride sum of
// squares, a tile reduction, the warps' sums through shared memory, a
// second tile reduction in warp 0 and one atomicAdd a block.
//
//gocuda:kernel NormKernel1
func normKernel1[T normElem](t *gocuda.Thread, out *float32, data []T, count uint64) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)

	blockResult := gocuda.Shared[float32](t, 32)

	index := uint64(t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X)
	gridWidth := uint64(t.BlockDim.X * t.GridDim.X)
	accumulator := float32(0.0)
	for i := index; i < count; i += gridWidth {
		accumulator += float32(data[i]) * float32(data[i])
	}
	warpResult := cg.Reduce(warp, accumulator, cg.Plus[float32])
	blockResult[warp.MetaGroupRank()] = warpResult
	block.Sync()
	if warp.MetaGroupRank() == 0 {
		var gather float32
		if warp.ThreadRank() < warp.MetaGroupSize() {
			gather = blockResult[warp.ThreadRank()]
		} else {
			gather = 0.0
		}
		blockSum := cg.Reduce(warp, gather, cg.Plus[float32])
		if warp.ThreadRank() == 0 {
			atomic.Add(out, blockSum)
		}
	}
}

// NormKernel2 is norm_kernel2<T> of global_norm.cu: a grid-stride sum of
// squares, a tile reduction and one atomicAdd a warp.
//
//gocuda:kernel NormKernel2
func normKernel2[T normElem](t *gocuda.Thread, out *float32, data []T, count uint64) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)

	index := uint64(t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X)
	gridWidth := uint64(t.BlockDim.X * t.GridDim.X)
	accumulator := float32(0.0)
	for i := index; i < count; i += gridWidth {
		accumulator += float32(data[i]) * float32(data[i])
	}

	warpResult := cg.Reduce(warp, accumulator, cg.Plus[float32])
	if warp.ThreadRank() == 0 {
		atomic.Add(out, warpResult)
	}
}

// AttentionQueryKey1Kernel is attention_query_key_kernel1 of
// attention_forward.cu: one thread a (b, h, t, t2) pre-attention score,
// -INFINITY above the diagonal (an early return).
//
//gocuda:kernel AttentionQueryKey1Kernel
func attentionQueryKey1Kernel(t *gocuda.Thread, preatt, inp []float32, B, T, C, NH int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	totalThreads := B * NH * T * T

	if idx < totalThreads {
		t2 := idx % T
		tt := (idx / T) % T
		if t2 > tt {
			preatt[idx] = float32(math.Inf(-1))
			return
		}
		h := (idx / (T * T)) % NH
		b := idx / (NH * T * T)

		C3 := C * 3
		hs := C / NH
		queryT := inp[b*T*C3+tt*C3+h*hs:]
		keyT2 := inp[b*T*C3+t2*C3+h*hs+C:]

		val := float32(0.0)
		for i := 0; i < hs; i++ {
			val += queryT[i] * keyT2[i]
		}
		val = float32(float64(val) * (1.0 / float64(sqrtf(float32(hs)))))

		preatt[idx] = val
	}
}

// AttentionSoftmax1Kernel is attention_softmax_kernel1 of
// attention_forward.cu: one thread a (b, t, h) row of the causal softmax.
//
//gocuda:kernel AttentionSoftmax1Kernel
func attentionSoftmax1Kernel(t *gocuda.Thread, att, preatt []float32, B, T, NH int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	totalThreads := B * T * NH

	if idx < totalThreads {
		h := idx % NH
		tt := (idx / NH) % T
		b := idx / (NH * T)

		preattBth := preatt[b*NH*T*T+h*T*T+tt*T:]
		attBth := att[b*NH*T*T+h*T*T+tt*T:]

		maxval := float32(-math.MaxFloat32)
		for t2 := 0; t2 <= tt; t2++ {
			if preattBth[t2] > maxval {
				maxval = preattBth[t2]
			}
		}

		expsum := float32(0.0)
		for t2 := 0; t2 <= tt; t2++ {
			expv := expf(preattBth[t2] - maxval)
			expsum += expv
			attBth[t2] = expv
		}
		var expsumInv float32
		if expsum == 0.0 {
			expsumInv = 0.0
		} else {
			expsumInv = 1.0 / expsum
		}

		for t2 := 0; t2 < T; t2++ {
			if t2 <= tt {
				attBth[t2] *= expsumInv
			} else {
				attBth[t2] = 0.0
			}
		}
	}
}

// AttentionValue1Kernel is attention_value_kernel1 of
// attention_forward.cu: one thread a (b, t, h) output, the attention-
// weighted sum of the values.
//
//gocuda:kernel AttentionValue1Kernel
func attentionValue1Kernel(t *gocuda.Thread, out, att, inp []float32, B, T, C, NH int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	totalThreads := B * T * NH

	if idx < totalThreads {
		h := idx % NH
		tt := (idx / NH) % T
		b := idx / (NH * T)

		C3 := C * 3
		hs := C / NH

		outBth := out[b*T*C+tt*C+h*hs:]
		attBth := att[b*NH*T*T+h*T*T+tt*T:]

		for i := 0; i < hs; i++ {
			outBth[i] = 0.0
		}
		for t2 := 0; t2 <= tt; t2++ {
			valueT2 := inp[b*T*C3+t2*C3+h*hs+C*2:]
			attBtht2 := attBth[t2]
			for i := 0; i < hs; i++ {
				outBth[i] += attBtht2 * valueT2[i]
			}
		}
	}
}
