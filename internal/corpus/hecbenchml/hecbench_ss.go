package hecbenchml

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's ss benchmark (zjin-lcf/HeCBench at f27000a,
// src/ss-cuda/kernels.cu and StringSearch.h, AMD APP SDK's StringSearch):
// a case-insensitive substring search, a work-group a stretch of
// maxSearchLength positions. StringSearchNaive compares every position;
// StringSearchLoadBalance filters positions on the pattern's first two
// characters into a shared stack, then (ENABLE_2ND_LEVEL_FILTER, which
// StringSearch.h defines) on the next eight into a second, then compares
// the rest: a while (true) loop with barriers, continue and break, and
// early returns before the first barrier.

// ssLocalSize is StringSearch.h's LOCAL_SIZE, the block size.
const ssLocalSize = 256

// tolower is StringSearch.h's TOLOWER.
func tolower(x uint8) uint8 {
	if 'A' <= x && x <= 'Z' {
		return x - 'A' + 'a'
	}
	return x
}

// compare is kernels.cu's compare: 1 if text matches pattern (already
// lower case) over length characters, ignoring the text's case.
func compare(text, pattern []uint8, length uint32) int {
	for l := uint32(0); l < length; l++ {
		if tolower(text[l]) != pattern[l] {
			return 0
		}
	}
	return 1
}

// StringSearchNaiveKernel is StringSearchNaive of ss-cuda.
//
//gocuda:kernel StringSearchNaiveKernel
func stringSearchNaiveKernel(t *gocuda.Thread, text []uint8, textLength uint32, pattern []uint8, patternLength uint32, resultBuffer, resultCountPerWG []uint32, maxSearchLength uint32) {
	localPattern := gocuda.DynamicShared[uint8](t)
	groupSuccessCounter := gocuda.Shared[uint32](t, 1)

	localIdx := t.ThreadIdx.X
	localSize := t.BlockDim.X
	groupIdx := t.BlockIdx.X

	// Last search idx for all work items
	lastSearchIdx := textLength - patternLength + 1

	// global idx for all work items in a WorkGroup
	beginSearchIdx := uint32(groupIdx) * maxSearchLength
	endSearchIdx := beginSearchIdx + maxSearchLength
	if beginSearchIdx > lastSearchIdx {
		return
	}
	if endSearchIdx > lastSearchIdx {
		endSearchIdx = lastSearchIdx
	}

	// Copy the pattern from global to local buffer
	for idx := localIdx; uint32(idx) < patternLength; idx += localSize {
		localPattern[idx] = tolower(pattern[idx])
	}

	if localIdx == 0 {
		groupSuccessCounter[0] = 0
	}
	t.SyncThreads()

	// loop over positions in global buffer
	for stringPos := beginSearchIdx + uint32(localIdx); stringPos < endSearchIdx; stringPos += uint32(localSize) {
		if compare(text[stringPos:], localPattern, patternLength) == 1 {
			count := atomic.Add(&groupSuccessCounter[0], uint32(1))
			resultBuffer[beginSearchIdx+count] = stringPos
		}
	}

	t.SyncThreads()
	if localIdx == 0 {
		resultCountPerWG[groupIdx] = groupSuccessCounter[0]
	}
}

// StringSearchLoadBalanceKernel is StringSearchLoadBalance of ss-cuda
// with ENABLE_2ND_LEVEL_FILTER (patterns of more than 16 characters).
//
//gocuda:kernel StringSearchLoadBalanceKernel
func stringSearchLoadBalanceKernel(t *gocuda.Thread, text []uint8, textLength uint32, pattern []uint8, patternLength uint32, resultBuffer, resultCountPerWG []uint32, maxSearchLength uint32) {
	localPattern := gocuda.DynamicShared[uint8](t)
	stack1 := gocuda.Shared[uint32](t, ssLocalSize*2)
	stack2 := gocuda.Shared[uint32](t, ssLocalSize*2)
	stack1Counter := gocuda.Shared[uint32](t, 1)
	stack2Counter := gocuda.Shared[uint32](t, 1)
	groupSuccessCounter := gocuda.Shared[uint32](t, 1)

	localIdx := t.ThreadIdx.X
	localSize := t.BlockDim.X
	groupIdx := t.BlockIdx.X

	// Initialize the local variaables
	if localIdx == 0 {
		groupSuccessCounter[0] = 0
		stack1Counter[0] = 0
		stack2Counter[0] = 0
	}

	// Last search idx for all work items
	lastSearchIdx := textLength - patternLength + 1
	stackSize := uint32(0)

	// global idx for all work items in a WorkGroup
	beginSearchIdx := uint32(groupIdx) * maxSearchLength
	endSearchIdx := beginSearchIdx + maxSearchLength
	if beginSearchIdx > lastSearchIdx {
		return
	}
	if endSearchIdx > lastSearchIdx {
		endSearchIdx = lastSearchIdx
	}
	searchLength := endSearchIdx - beginSearchIdx

	// Copy the pattern from global to local buffer
	for idx := uint32(localIdx); idx < patternLength; idx += uint32(localSize) {
		localPattern[idx] = tolower(pattern[idx])
	}

	t.SyncThreads()

	first := localPattern[0]
	second := localPattern[1]
	stringPos := localIdx
	stackPos := uint32(0)
	revStackPos := uint32(0)

	for { // loop over positions in global buffer

		// Level-1 : Quick filter on 2 char match and store the good positions on stack1.
		if uint32(stringPos) < searchLength {
			// Queue the initial match positions. Make sure queue has sufficient positions for each work-item.
			if (first == tolower(text[beginSearchIdx+uint32(stringPos)])) && (second == tolower(text[beginSearchIdx+uint32(stringPos)+1])) {
				stackPos = atomic.Add(&stack1Counter[0], uint32(1))
				stack1[stackPos] = uint32(stringPos)
			}
		}

		stringPos += localSize // next search idx

		t.SyncThreads()
		stackSize = stack1Counter[0]
		t.SyncThreads()

		// continue until stack1 has sufficient good positions for proceed to next Level
		if (stackSize < uint32(localSize)) && (uint32((stringPos/localSize)*localSize) < searchLength) {
			continue
		}

		// Level-2 : (Processing the stack1 and filling the stack2) For large patterns roll over
		// another 8-bytes from the positions in stack1 and store the match positions in stack2.
		if uint32(localIdx) < stackSize {
			revStackPos = atomic.Sub(&stack1Counter[0], uint32(1))
			revStackPos--
			pos := stack1[revStackPos]
			status := localPattern[2] == tolower(text[beginSearchIdx+pos+2])
			status = status && (localPattern[3] == tolower(text[beginSearchIdx+pos+3]))
			status = status && (localPattern[4] == tolower(text[beginSearchIdx+pos+4]))
			status = status && (localPattern[5] == tolower(text[beginSearchIdx+pos+5]))
			status = status && (localPattern[6] == tolower(text[beginSearchIdx+pos+6]))
			status = status && (localPattern[7] == tolower(text[beginSearchIdx+pos+7]))
			status = status && (localPattern[8] == tolower(text[beginSearchIdx+pos+8]))
			status = status && (localPattern[9] == tolower(text[beginSearchIdx+pos+9]))

			if status {
				stackPos = atomic.Add(&stack2Counter[0], uint32(1))
				stack2[stackPos] = pos
			}
		}

		t.SyncThreads()
		stackSize = stack2Counter[0]
		t.SyncThreads()

		// continue until stack2 has sufficient good positions proceed to next level
		if (stackSize < uint32(localSize)) && (uint32((stringPos/localSize)*localSize) < searchLength) {
			continue
		}

		// Level-3 : (Processing stack1/stack2) Check the remaining positions.
		if uint32(localIdx) < stackSize {
			revStackPos = atomic.Sub(&stack2Counter[0], uint32(1))
			revStackPos--
			pos := int(stack2[revStackPos])
			if compare(text[int(beginSearchIdx)+pos+10:], localPattern[10:], patternLength-10) == 1 {
				// Full match found
				count := atomic.Add(&groupSuccessCounter[0], uint32(1))
				resultBuffer[beginSearchIdx+count] = beginSearchIdx + uint32(pos)
			}
		}

		t.SyncThreads()
		if (uint32((stringPos/localSize)*localSize) >= searchLength) && (stack1Counter[0] <= 0) && (stack2Counter[0] <= 0) {
			break
		}
	}

	if localIdx == 0 {
		resultCountPerWG[groupIdx] = groupSuccessCounter[0]
	}
}
