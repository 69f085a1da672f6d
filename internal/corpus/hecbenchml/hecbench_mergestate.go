package hecbenchml

import (
	"math"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's attentionMergeState benchmark
// (zjin-lcf/HeCBench at f27000a, src/attentionMergeState-cuda/main.cu,
// after SGLang's merge_attn_states.cu), for scalar_t = float:
// uniform_fill_kernel, which fills the inputs from a per-element
// xorshift, and merge_attn_states_kernel<float, NUM_THREADS>, which
// merges two attention outputs by their log-sum-exps, a 128-bit pack a
// thread (a uint4 whose bytes the kernel reinterprets as scalars).

// Uint4 is CUDA's uint4.
type Uint4 struct{ X, Y, Z, W uint32 }

// asUint4 is a (uint4 *) cast of a float pointer.
func asUint4(s []float32) []Uint4 {
	return unsafe.Slice((*Uint4)(unsafe.Pointer(&s[0])), len(s)/4)
}

// xorshift32 is main.cu's xorshift32.
func xorshift32(state *uint32) uint32 {
	*state ^= *state << 13
	*state ^= *state >> 17
	*state ^= *state << 5
	return *state
}

// uint32ToUniform is main.cu's uint32_to_uniform.
func uint32ToUniform(x uint32) float32 {
	// Convert to (0,1)
	return float32(x>>8) * 0x1.0p-24
}

// UniformFillKernel is uniform_fill_kernel<float> of attentionMergeState-
// cuda: data[i] uniform in [low, high) from xorshift32(seed ^ i).
//
//gocuda:kernel UniformFillKernel
func uniformFillKernel(t *gocuda.Thread, data []float32, n uint64, low, high float32, seed uint32) {
	idx := uint64(t.BlockIdx.X)*uint64(t.BlockDim.X) + uint64(t.ThreadIdx.X)
	if idx >= n {
		return
	}

	rng := seed ^ uint32(idx)

	r := xorshift32(&rng)
	u := uint32ToUniform(r)
	v := low + (high-low)*u
	data[idx] = v
}

// MergeAttnStatesKernel is merge_attn_states_kernel<float, NUM_THREADS>
// of attentionMergeState-cuda, NUM_THREADS the argument numThreads (the
// block size); lse nil for nullptr.
//
//gocuda:kernel MergeAttnStatesKernel
func mergeAttnStatesKernel(t *gocuda.Thread, output, prefixOutput, suffixOutput, lse, prefixLse, suffixLse []float32, numTokens, numHeads, headSize, numThreads uint32) {
	// recompute pack size, threads_per_head and token_head_threads
	// for kernel performance..
	packSize := uint32(16 / unsafe.Sizeof(float32(0)))
	threadsPerHead := headSize / packSize

	globalIdx := uint32(t.BlockIdx.X)*numThreads + uint32(t.ThreadIdx.X)
	tokenHeadThreads := numTokens * numHeads * threadsPerHead

	if globalIdx >= tokenHeadThreads {
		return
	}

	// global_idx -> token_idx + head_idx + pack_idx
	tokenHeadIdx := globalIdx / threadsPerHead
	packIdx := globalIdx % threadsPerHead

	tokenIdx := tokenHeadIdx / numHeads
	headIdx := tokenHeadIdx % numHeads

	packOffset := packIdx * packSize

	// [NUM_TOKENS, NUM_HEADS, HEAD_SIZE]
	headOffset := tokenIdx*numHeads*headSize + headIdx*headSize
	prefixHeadPtr := prefixOutput[headOffset:]
	suffixHeadPtr := suffixOutput[headOffset:]
	outputHeadPtr := output[headOffset:]

	// [NUM_TOKENS, NUM_HEADS]
	lseOffset := tokenIdx*numHeads + headIdx
	pLse := prefixLse[lseOffset]
	sLse := suffixLse[lseOffset]
	if isinf(pLse) {
		pLse = float32(math.Inf(-1))
	}
	if isinf(sLse) {
		sLse = float32(math.Inf(-1))
	}

	maxLse := max(pLse, sLse)
	pLse = pLse - maxLse
	sLse = sLse - maxLse
	pSe := expf(pLse)
	sSe := expf(sLse)
	outSe := pSe + sSe
	pScale := pSe / outSe
	sScale := sSe / outSe

	// pack_offset / pack_size = pack_idx;
	if packOffset < headSize {
		// Pack 128b load
		pOutPack := asUint4(prefixHeadPtr)[packIdx]
		sOutPack := asUint4(suffixHeadPtr)[packIdx]
		var oOutPack Uint4

		for i := uint32(0); i < packSize; i++ {
			// Always use float for FMA to keep high precision.
			pOutF := (*[4]float32)(unsafe.Pointer(&pOutPack))[i]
			sOutF := (*[4]float32)(unsafe.Pointer(&sOutPack))[i]

			// fma: a * b + c = p_out_f * p_scale + (s_out_f * s_scale)
			oOutF := pOutF*pScale + (sOutF * sScale)

			(*[4]float32)(unsafe.Pointer(&oOutPack))[i] = oOutF
		}

		// Pack 128b storage
		asUint4(outputHeadPtr)[packIdx] = oOutPack
	}
	// We only need to write to lse once per head.
	if lse != nil && packIdx == 0 {
		outLse := logf(outSe) + maxLse
		lse[lseOffset] = outLse
	}
}
