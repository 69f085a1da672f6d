package hecbenchrodinia

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the two kernels of HeCBench's logprob
// (src/logprob-cuda/main.cu and reduce.h, from NVIDIA's
// FasterTransformer): log_probs_kernel<T> computes each token's log
// probability from its logits with two block reductions, and
// accumulate_log_probs sums them along each sequence. T is a type
// parameter; main instantiates float, and half's branch (IS_FP16) has no
// Go type here, so MAX_T_VAL is FLT_MAX.

// fullMaskLP is reduce.h's FINAL_MASK.
const fullMaskLP = 0xffffffff

// warpReduceSum is reduce.h's warpReduceSum<T>: a butterfly sum over the
// warp by __shfl_xor_sync.
func warpReduceSum[T float32 | float64](t *gocuda.Thread, val T) T {
	for mask := 16; mask > 0; mask >>= 1 {
		val += gocuda.ShflXorSync(t, fullMaskLP, val, mask, 32)
	}
	return val
}

// blockReduceSum is reduce.h's blockReduceSum<T>: the block's sum, valid
// in its first warp.
func blockReduceSum[T float32 | float64](t *gocuda.Thread, val T) T {
	shared := gocuda.Shared[T](t, 32)
	lane := t.ThreadIdx.X & 0x1f
	wid := t.ThreadIdx.X >> 5

	val = warpReduceSum[T](t, val)

	if lane == 0 {
		shared[wid] = val
	}

	t.SyncThreads()

	// Modify from blockDim.x << 5 to blockDim.x / 32. to prevent
	// blockDim.x is not divided by 32
	if float32(t.ThreadIdx.X) < (float32(t.BlockDim.X) / 32.0) {
		val = shared[lane]
	} else {
		val = T(0.0)
	}
	val = warpReduceSum[T](t, val)

	return val
}

// warpReduceMax is reduce.h's warpReduceMax<T>: a butterfly maximum over
// the warp, the shuffle an argument of max.
func warpReduceMax[T float32 | float64](t *gocuda.Thread, val T) T {
	for mask := 16; mask > 0; mask >>= 1 {
		val = max(val, gocuda.ShflXorSync(t, fullMaskLP, val, mask, 32))
	}
	return val
}

// blockReduceMax is reduce.h's blockReduceMax<T>: the block's maximum,
// valid in its first warp.
func blockReduceMax[T float32 | float64](t *gocuda.Thread, val T) T {
	shared := gocuda.Shared[T](t, 32)
	lane := t.ThreadIdx.X & 0x1f // in-warp idx
	wid := t.ThreadIdx.X >> 5    // warp idx

	val = warpReduceMax(t, val) // get maxx in each warp

	if lane == 0 { // record in-warp maxx by warp Idx
		shared[wid] = val
	}

	t.SyncThreads()

	// Modify from blockDim.x << 5 to blockDim.x / 32. to prevent
	// blockDim.x is not divided by 32
	if float32(t.ThreadIdx.X) < (float32(t.BlockDim.X) / 32.0) {
		val = shared[lane]
	} else {
		val = -1e20
	}
	val = warpReduceMax(t, val)

	return val
}

// LogProbsKernel is log_probs_kernel<T> of logprob's main.cu: block
// (step, b) sets logProbs[b, step] to log(softmax(logits[b, step, :]))
// at the token ids[b, step+1], for the steps within lengths[b]-1; a
// block-wide maximum, then a block-wide sum of exponentials.
//
//gocuda:kernel LogProbsKernel
func logProbsKernel[T float32 | float64](t *gocuda.Thread, logProbs []float32, logits []T, ids []int32, lengths []int32,
	maxInputLength, batchSize, vocabSize, vocabSizePadded int) {
	// Calculate the log probability from logits.
	//   log_probs[t, :] = log(softmax(logits))[ids[t + 1, :]]
	const maxTVal = math.MaxFloat32

	tidx := t.ThreadIdx.X // vocab dim
	step := t.BlockIdx.X  // step dim
	bidx := t.BlockIdx.Y  // batch dim

	sMaxLogit := gocuda.Shared[float32](t, 1)

	if bidx < batchSize && step < int(lengths[bidx])-1 {
		// Compute the address of logits to data for the current batch
		stepOffset := step * vocabSizePadded
		batchOffset := bidx * maxInputLength * vocabSizePadded
		logits = logits[stepOffset+batchOffset:]

		// Find max(logits)
		localMax := float32(-maxTVal)
		val := float32(-maxTVal)
		for i := tidx; i < vocabSize; i += t.BlockDim.X {
			val = float32(logits[i])
			localMax = fmaxf(localMax, val)
		}

		maxVal := blockReduceMax[float32](t, localMax)
		if tidx == 0 {
			sMaxLogit[0] = maxVal
		}
		t.SyncThreads()

		// Calculate the denominator: sum_i exp(logits[i])
		localSumExp := float32(0.0)
		for i := tidx; i < vocabSize; i += t.BlockDim.X {
			val = expf(float32(logits[i]) - sMaxLogit[0])
			localSumExp += val
		}

		sumExp := blockReduceSum[float32](t, localSumExp)
		if tidx == 0 {
			idx := step + bidx*(maxInputLength-1)
			// log_probs[step, ...] is the log probability of a token at step t + 1.
			tokenIdx := step + 1 + bidx*maxInputLength
			logProbs[idx] = float32(logits[ids[tokenIdx]]) - sMaxLogit[0] - logf(sumExp+1e-9)
		}
	}
}

// AccumulateLogProbsKernel is accumulate_log_probs of logprob's main.cu:
// block b sums logProbs[b, :lengths[b]-1] into cumLogProbs[b].
//
//gocuda:kernel AccumulateLogProbsKernel
func accumulateLogProbs(t *gocuda.Thread, cumLogProbs []float32, logProbs []float32, lengths []int32, maxInputLength, batchSize int) {
	bidx := t.BlockIdx.X  // batch dim
	tidx := t.ThreadIdx.X // step dim
	length := int(lengths[bidx])

	// reposition logits to data for the current batch.
	logProbs = logProbs[bidx*(maxInputLength-1):]
	localAccum := float32(0.0)
	for step := tidx; step < length-1; step += t.BlockDim.X {
		localAccum += logProbs[step]
	}
	accum := blockReduceSum[float32](t, localAccum)
	if tidx == 0 {
		cumLogProbs[bidx] = accum
	}
}
