package hecbenchatok

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's bitpacking benchmark (zjin-lcf/HeCBench at
// f27000a, src/bitpacking-cuda/kernels.cu and utils.h, from nvcomp): the
// frame-of-reference bit packing of ints into uint32 words, the
// configuration's block-stride min/max scan with a tree of barriers in a
// helper (half the block reducing the minima, the other half the
// maxima), its one-block finalisation computing the bit width with
// __clz, and the packing kernel staging the input in shared memory between
// two barriers of a loop whose bounds are the block's. The benchmark's
// only instantiation is <int, uint32_t, int> (LIMIT and INPUT int,
// OUTPUT uint32_t); size_t is uint64, the device's count a one-element
// slice.

// The bitpacking constants of utils.h.
const (
	bpBlockSize  = 256
	bpBlockWidth = 4096
)

// bpClamp is clamp of kernels.cu.
func bpClamp(val uint64, maxv int) int {
	return int(min(uint64(maxv), val))
}

// roundUpDiv is roundUpDiv of utils.h.
func roundUpDiv(num, chunk uint64) uint64 {
	r := num / chunk
	if num%chunk > 0 {
		r++
	}
	return r
}

// roundDownTo is roundDownTo of utils.h.
func roundDownTo(num, chunk uint64) uint64 { return (num / chunk) * chunk }

// roundUpTo is roundUpTo of utils.h.
func roundUpTo(num, chunk uint64) uint64 { return roundUpDiv(num, chunk) * chunk }

// readMinAndMax is readMinAndMax<int> of kernels.cu.
func readMinAndMax(t *gocuda.Thread, inMin, inMax, minBuffer, maxBuffer []int32, blockOffset, blockEnd int) {
	if t.ThreadIdx.X < blockEnd {
		localMin := inMin[blockOffset+t.ThreadIdx.X]
		localMax := inMax[blockOffset+t.ThreadIdx.X]
		for i := t.ThreadIdx.X + bpBlockSize; i < bpBlockWidth && i < blockEnd; i += bpBlockSize {
			readIdx := blockOffset + i
			localMin = min(inMin[readIdx], localMin)
			localMax = max(inMax[readIdx], localMax)
		}
		minBuffer[t.ThreadIdx.X] = localMin
		maxBuffer[t.ThreadIdx.X] = localMax
	}
}

// reduceMinAndMax is reduceMinAndMax<int> of kernels.cu.
func reduceMinAndMax(t *gocuda.Thread, minBuffer, maxBuffer []int32, blockEnd int) {
	// cooperatively compute min and max
	for d := bpBlockSize / 2; d > 0; d >>= 1 {
		if t.ThreadIdx.X < bpBlockSize/2 {
			idx := t.ThreadIdx.X
			if idx < d && idx+d < blockEnd {
				minBuffer[idx] = min(minBuffer[idx], minBuffer[d+idx])
			}
		} else {
			idx := t.ThreadIdx.X - bpBlockSize/2
			if idx < d && idx+d < blockEnd {
				maxBuffer[idx] = max(maxBuffer[idx], maxBuffer[d+idx])
			}
		}
		t.SyncThreads()
	}
}

// BitPackConfigScanKernel is bitPackConfigScanKernel<int, int> of
// kernels.cu.
//
//gocuda:kernel BitPackConfigScanKernel
func bitPackConfigScan(t *gocuda.Thread, minValue, maxValue, in []int32, numDevice []uint64) {
	num := numDevice[0]
	numBlocks := int(roundUpDiv(num, bpBlockSize))

	if t.BlockIdx.X < numBlocks {
		// each block processes it's chunks, updates min/max
		minBuffer := gocuda.Shared[int32](t, bpBlockSize)
		maxBuffer := gocuda.Shared[int32](t, bpBlockSize)

		var localMin, localMax int32

		lastThread := 0
		for block := t.BlockIdx.X; block < numBlocks; block += t.GridDim.X {
			blockOffset := bpBlockSize * block
			blockEnd := min(int(num)-blockOffset, bpBlockSize)

			lastThread = max(lastThread, blockEnd)

			if t.ThreadIdx.X < blockEnd {
				val := in[blockOffset+t.ThreadIdx.X]
				if block == t.BlockIdx.X {
					// first iteration just set values
					localMax = val
					localMin = val
				} else {
					localMin = min(val, localMin)
					localMax = max(val, localMax)
				}
			}
		}

		minBuffer[t.ThreadIdx.X] = localMin
		maxBuffer[t.ThreadIdx.X] = localMax

		t.SyncThreads()

		// cooperatively compute min and max
		reduceMinAndMax(t, minBuffer, maxBuffer, lastThread)

		if t.ThreadIdx.X == 0 {
			minValue[t.BlockIdx.X] = minBuffer[0]
			maxValue[t.BlockIdx.X] = maxBuffer[0]
		}
	}
}

// BitPackConfigFinalizeKernel is bitPackConfigFinalizeKernel<int, int> of
// kernels.cu.
//
//gocuda:kernel BitPackConfigFinalizeKernel
func bitPackConfigFinalize(t *gocuda.Thread, inMin, inMax []int32, numBitsPtr []uint8, outMinValPtr []int32, numDevice []uint64) {
	num := min(roundUpDiv(numDevice[0], bpBlockSize), uint64(bpBlockWidth))

	// each block processes it's chunk, updates min/max, and the calculates
	// the bitwidth based on the last update
	minBuffer := gocuda.Shared[int32](t, bpBlockSize)
	maxBuffer := gocuda.Shared[int32](t, bpBlockSize)

	// load data
	readMinAndMax(t, inMin, inMax, minBuffer, maxBuffer, 0, int(num))

	t.SyncThreads()

	// cooperatively compute min and max
	reduceMinAndMax(t, minBuffer, maxBuffer, min(bpBlockSize, int(num)))

	if t.ThreadIdx.X == 0 {
		outMinValPtr[0] = minBuffer[0]
		// we need to update the number of bits (LIMIT is int: a 32-bit clz)
		rng := uint32(maxBuffer[0]) - uint32(minBuffer[0])
		numBitsPtr[0] = uint8(4*8 - bits.LeadingZeros32(rng))
	}
}

// BitPackKernel is bitPackKernel<int, uint32_t> of kernels.cu.
//
//gocuda:kernel BitPackKernel
func bitPack(t *gocuda.Thread, numBitsPtr []uint8, valueOffsetPtr []int32, outPtr []uint32, in []int32, numDevice []uint64) {
	num := numDevice[0]

	numBlocks := int(roundUpDiv(num, bpBlockSize))

	out := outPtr
	numBits := int(numBitsPtr[0])
	valueOffset := valueOffsetPtr[0]

	inBuffer := gocuda.Shared[uint32](t, bpBlockSize)

	for blockID := t.BlockIdx.X; blockID < numBlocks; blockID += t.GridDim.X {
		// The kernel works by assigning an output index to each thread.
		// The kernel then iterates over chunks of input, filling the bits
		// for each thread.
		// And then writing the stored bits to the output.
		outputIdx := t.ThreadIdx.X + blockID*bpBlockSize

		bitStart := uint64(outputIdx) * 4 * 8
		bitEnd := bitStart + 4*8

		startIdx := bpClamp(bitStart/uint64(numBits), int(num))
		endIdx := bpClamp(roundUpDiv(bitEnd, uint64(numBits)), int(num))

		blockStartBit := uint64(blockID) * bpBlockSize * 4 * 8
		blockEndBit := uint64(blockID+1) * bpBlockSize * 4 * 8

		blockStartIdx := bpClamp(roundDownTo(blockStartBit/uint64(numBits), bpBlockSize), int(num))
		blockEndIdx := bpClamp(roundUpTo(roundUpDiv(blockEndBit, uint64(numBits)), bpBlockSize), int(num))

		var val uint32
		for bufferStart := blockStartIdx; bufferStart < blockEndIdx; bufferStart += bpBlockSize {
			t.SyncThreads()

			// fill input buffer
			inputIdx := bufferStart + t.ThreadIdx.X
			if uint64(inputIdx) < num {
				inBuffer[t.ThreadIdx.X] = uint32(in[inputIdx] - valueOffset)
			}

			t.SyncThreads()

			currentStartIdx := max(startIdx, bufferStart)
			currentEndIdx := min(endIdx, bufferStart+bpBlockSize)

			for idx := currentStartIdx; idx < currentEndIdx; idx++ {
				localIdx := idx - bufferStart

				// keep only bits we're interested in
				b := inBuffer[localIdx]
				offset := int(int64(idx*numBits) - int64(bitStart))

				if offset > 0 {
					b <<= offset
				} else {
					b >>= -offset
				}

				// update b
				val |= b
			}
		}

		if uint64(startIdx) < num {
			out[outputIdx] = val
		}
	}
}
