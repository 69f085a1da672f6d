package hecbenchltoz

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's moe-align benchmark (zjin-lcf/HeCBench at
// f27000a, src/moe-align-cuda/main.cu, after SGLang's and vLLM's
// moe_align_block_size), scalar_t = int:
// moe_align_block_size_small_batch_expert_kernel<int, 256> with
// _moe_align_block_size_small_batch_expert (the 256 fill threads return
// after one barrier, the others pass three) and
// count_and_sort_expert_tokens_kernel<int> with
// _count_and_sort_expert_tokens. A nullptr pointer argument is a nil
// slice.

// moeFillThreads is moe_align_block_size's fill_threads.
const moeFillThreads = 256

// ceilDiv is main.cu's CEILDIV.
func ceilDiv(x, y int) int { return (x + y - 1) / y }

// moeAlignBlockSizeSmallBatchExpert is _moe_align_block_size_small_batch_expert
// of moe-align-cuda.
func moeAlignBlockSizeSmallBatchExpert(t *gocuda.Thread, topkIDs, sortedTokenIDs, expertIDs, totalTokensPostPad, expertMap []int32,
	numExperts, blockSize, numel, maxNumTokensPadded, maxNumMBlocks int, inactiveExpertID int32, modelOffset, topkNum int, tokenMask []int32) {
	// Compute input buffer offsets. Typically these will all be 0, except when
	// using Multi LoRA.
	sortedTokenIDsOffset := maxNumTokensPadded * modelOffset
	expertIDsOffset := maxNumMBlocks * modelOffset

	// Use an additional group of threads to fill sorted_token_ids.
	// Since the current kernel will use sorted_token_ids afterward,
	// we fill sorted_token_ids within the same threadblock to make
	// synchronization easier.
	if t.ThreadIdx.X < moeFillThreads {
		// Initialize sorted_token_ids with numel
		for it := t.ThreadIdx.X; it < maxNumTokensPadded; it += moeFillThreads {
			sortedTokenIDs[sortedTokenIDsOffset+it] = int32(numel)
		}
		// Three __syncthreads() corresponding to the other threads
		t.SyncThreads()
		//__syncthreads();
		//__syncthreads();
		return
	}

	tid := t.ThreadIdx.X - moeFillThreads
	stride := t.BlockDim.X - moeFillThreads

	sharedMem := gocuda.DynamicShared[int32](t)
	cumsum := sharedMem
	tokensCnts := sharedMem[numExperts+1:]

	for i := 0; i < numExperts; i++ {
		tokensCnts[(tid+1)*numExperts+i] = 0
	}

	for i := tid; i < numel; i += stride {
		expertID := topkIDs[i]
		if expertMap != nil {
			expertID = expertMap[expertID]
			// filter invalid expert
			if expertID == -1 {
				continue
			}
		}
		mask := int32(1)
		if tokenMask != nil {
			mask = tokenMask[i/topkNum]
		}
		tokensCnts[(tid+1)*numExperts+int(expertID)] += mask
	}

	t.SyncThreads()

	if tid < numExperts {
		tokensCnts[tid] = 0
		for i := 1; i <= stride; i++ {
			tokensCnts[i*numExperts+tid] += tokensCnts[(i-1)*numExperts+tid]
		}
	}

	t.SyncThreads()

	if tid == 0 {
		cumsum[0] = 0
		for i := 1; i <= numExperts; i++ {
			cumsum[i] = cumsum[i-1] +
				int32(ceilDiv(int(tokensCnts[stride*numExperts+i-1]), blockSize)*blockSize)
		}
		totalTokensPostPad[modelOffset] = cumsum[numExperts]
	}

	t.SyncThreads()

	if tid < numExperts {
		for i := int(cumsum[tid]); i < int(cumsum[tid+1]); i += blockSize {
			expertIDs[expertIDsOffset+i/blockSize] = int32(tid)
		}
	}

	// Fill remaining expert_ids with 0
	fillStartIdx := int(cumsum[numExperts])/blockSize + tid
	for i := fillStartIdx; i < maxNumMBlocks; i += stride {
		expertIDs[expertIDsOffset+i] = inactiveExpertID
	}

	for i := tid; i < numel; i += stride {
		expertID := topkIDs[i]
		if expertMap != nil {
			expertID = expertMap[expertID]
			// filter invalid expert
			if expertID == -1 {
				continue
			}
		}
		rankPostPad := tokensCnts[tid*numExperts+int(expertID)] + cumsum[expertID]

		if tokenMask == nil || tokenMask[i/topkNum] != 0 {
			sortedTokenIDs[sortedTokenIDsOffset+int(rankPostPad)] = int32(i)
			tokensCnts[tid*numExperts+int(expertID)]++
		}
	}
}

// MoeAlignBlockSizeSmallBatchExpertKernel is
// moe_align_block_size_small_batch_expert_kernel<int, 256> of
// moe-align-cuda: one block of 256 fill threads and max(numExperts, 32)
// counting threads sorts the token ids by expert, each expert's run
// padded to blockSize.
//
//gocuda:kernel MoeAlignBlockSizeSmallBatchExpertKernel
func moeAlignBlockSizeSmallBatchExpertKernel(t *gocuda.Thread, topkIDs, sortedTokenIDs, expertIDs, totalTokensPostPad, expertMap []int32,
	numExperts, blockSize, numel, maxNumTokensPadded, topkNum int) {
	moeAlignBlockSizeSmallBatchExpert(t,
		topkIDs, sortedTokenIDs, expertIDs, totalTokensPostPad, expertMap,
		numExperts, blockSize, numel, maxNumTokensPadded,
		ceilDiv(maxNumTokensPadded, blockSize), 0, 0, topkNum, nil)
}

// countAndSortExpertTokens is _count_and_sort_expert_tokens of
// moe-align-cuda.
func countAndSortExpertTokens(t *gocuda.Thread, topkIDs, sortedTokenIDs, cumsumBuffer, expertMap []int32, numel, numExperts, maxNumTokensPadded int, tokenMask []int32, modelOffset, topkNum int) {
	tid := t.BlockIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.Y

	for i := tid; i < numel; i += stride {
		expertID := topkIDs[i]
		if int(expertID) >= numExperts {
			continue
		}

		if expertMap != nil {
			expertID = expertMap[expertID]
			// filter invalid experts
			if expertID == -1 {
				continue
			}
		}

		if tokenMask == nil || tokenMask[i/topkNum] != 0 {
			rankPostPad := atomic.Add(&cumsumBuffer[(modelOffset*(numExperts+1))+int(expertID)], 1)
			sortedTokenIDs[maxNumTokensPadded*modelOffset+int(rankPostPad)] = int32(i)
		}
	}
}

// CountAndSortExpertTokensKernel is count_and_sort_expert_tokens_kernel<int>
// of moe-align-cuda: each token id is placed at its expert's next free
// slot, taken from cumsumBuffer by an atomic.
//
//gocuda:kernel CountAndSortExpertTokensKernel
func countAndSortExpertTokensKernel(t *gocuda.Thread, topkIDs, sortedTokenIDs, cumsumBuffer, expertMap []int32, numel, numExperts, maxNumTokensPadded, topkNum int) {
	countAndSortExpertTokens(t,
		topkIDs, sortedTokenIDs, cumsumBuffer, expertMap, numel, numExperts,
		maxNumTokensPadded, nil, 0, topkNum)
}
