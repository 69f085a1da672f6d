package hecbenchwarp

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's compute-score benchmark (zjin-lcf/HeCBench
// at f27000a, src/compute-score-cuda/main.cu, after Intel/Altera's OpenCL
// document filtering example): compute scores each document word against
// a profile behind a Bloom filter, eight words a thread from each of two
// word arrays, and sums a block's eight threads through a shared array
// that thread 0 reads as two ulong4s; reduction adds the block sums of
// each document. uint is uint32 and ulong uint64; the ulong4 loads
// *(ulong4*)&partial[i] go through package unsafe.

// The constants of main.cu.
const (
	csManualVector    = 8
	csNumThreadsPerWG = 64
	csBloom1          = 5
	csBloom2          = 0x7FFFF
	csBloomSize       = 14
	csDocEndingTag    = 0xFFFFFFFF
)

// csUlong4 is CUDA's ulong4.
type csUlong4 struct{ x, y, z, w uint64 }

// mulfp is main.cu's mulfp: weight times freq from the weight's low 20
// and next 16 bits.
func mulfp(weight uint64, freq uint32) uint64 {
	part1 := uint32(weight & 0xFFFFF)        // lower 24-bits of weight
	part2 := uint32((weight >> 24) & 0xFFFF) // next 16-bits
	res1 := part1 * freq
	res2 := part2 * freq
	return uint64(res1) + (uint64(res2) << 24)
}

// ComputeScoreKernel is compute of compute-score-cuda.
//
//gocuda:kernel ComputeScoreKernel
func computeScoreKernel(t *gocuda.Thread, docWordFrequenciesDimm1, docWordFrequenciesDimm2 []uint32,
	profileWeightsDimm1, profileWeightsDimm2 []uint64, isWordInProfileHash []uint32,
	profileScorePerGroupHighbitsDimm1, profileScorePerGroupLowbitsDimm2 []uint32) {
	var currEntry [csManualVector]uint32
	var wordID [csManualVector]uint32
	var freq [csManualVector]uint32
	var hash1 [csManualVector]uint32
	var hash2 [csManualVector]uint32
	var isEnd [csManualVector]bool
	var makeAccess [csManualVector]bool

	partial := gocuda.Shared[uint64](t, csNumThreadsPerWG/csManualVector)

	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	sum := uint64(0)
	//#pragma unroll
	for i := uint32(0); i < csManualVector; i++ {
		currEntry[i] = docWordFrequenciesDimm1[gid*csManualVector+int(i)]
		freq[i] = currEntry[i] & 0xff
		wordID[i] = currEntry[i] >> 8
		isEnd[i] = currEntry[i] == csDocEndingTag
		hash1[i] = wordID[i] >> csBloom1
		hash2[i] = wordID[i] & csBloom2
		makeAccess[i] = !isEnd[i] && ((isWordInProfileHash[hash1[i]>>5]>>(hash1[i]&0x1f))&0x1) != 0 &&
			((isWordInProfileHash[hash2[i]>>5]>>(hash2[i]&0x1f))&0x1) != 0
		if makeAccess[i] {
			sum += mulfp(profileWeightsDimm1[wordID[i]], freq[i])
		}
	}

	//#pragma unroll
	for i := uint32(0); i < csManualVector; i++ {
		currEntry[i] = docWordFrequenciesDimm2[gid*csManualVector+int(i)]
		freq[i] = currEntry[i] & 0xff
		wordID[i] = currEntry[i] >> 8
		isEnd[i] = currEntry[i] == csDocEndingTag
		hash1[i] = wordID[i] >> csBloom1
		hash2[i] = wordID[i] & csBloom2
		makeAccess[i] = !isEnd[i] && ((isWordInProfileHash[hash1[i]>>5]>>(hash1[i]&0x1f))&0x1) != 0 &&
			((isWordInProfileHash[hash2[i]>>5]>>(hash2[i]&0x1f))&0x1) != 0
		if makeAccess[i] {
			sum += mulfp(profileWeightsDimm2[wordID[i]], freq[i])
		}
	}

	partial[t.ThreadIdx.X] = sum
	t.SyncThreads()

	if t.ThreadIdx.X == 0 {
		res := *(*csUlong4)(unsafe.Pointer(&partial[0]))
		res2 := *(*csUlong4)(unsafe.Pointer(&partial[4]))
		finalResult := res.x + res.y + res.z + res.w + res2.x + res2.y + res2.z + res2.w
		profileScorePerGroupHighbitsDimm1[t.BlockIdx.X] = uint32(finalResult >> 32)
		profileScorePerGroupLowbitsDimm2[t.BlockIdx.X] = uint32(finalResult & 0xFFFFFFFF)
	}
}

// ComputeScoreReductionKernel is reduction of compute-score-cuda: thread
// gid adds the block sums of document gid's lines start to end.
//
//gocuda:kernel ComputeScoreReductionKernel
func computeScoreReductionKernel(t *gocuda.Thread, docInfo []uint64, partialHighbitsDimm1, partialLowbitsDimm2 []uint32, result []uint64) {
	gid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	info := docInfo[gid]
	start := uint32(info >> 32)
	end := uint32(info & 0xFFFFFFFF)
	total := uint64(0)
	for i := start; i <= end; i++ {
		upper := uint64(partialHighbitsDimm1[i])
		lower := uint64(partialLowbitsDimm2[i])
		sum := (upper << 32) | lower
		total += sum
	}
	result[gid] = total
}
