package hecbenchwarp

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestComputeScore builds main.cu's documents (lengths about
// N(350, 100), at least 10, padded to multiples of 2·block_size words,
// the padding docEndingTag) for 192 documents and a profile of 600 words
// weighted 10 behind the Bloom filter, with word ids below 2^16 (main.cu
// draws them below 2^24, which needs 2^24-entry weight tables), runs
// compute and reduction with main.cu's launches and requires runOnCPU's
// scores.
func TestComputeScore(t *testing.T) {
	const blockSize, numDocs, words = 64, 192, 1 << 16
	r := rng(numDocs)
	startingDocID := make([]uint32, numDocs)
	docSizes := make([]uint32, numDocs)
	docInfo := make([]uint64, numDocs)
	total := uint32(0)
	for i := range numDocs {
		unpadded := uint32(max(10, int(r.NormFloat64()*100+350)))
		size := unpadded &^ (2*blockSize - 1)
		if unpadded&(2*blockSize-1) != 0 {
			size += 2 * blockSize
		}
		startingDocID[i] = total / 2
		startLine := uint64(total / (2 * blockSize))
		endLine := startLine + uint64(size/(2*blockSize)) - 1
		total += size
		docSizes[i] = unpadded
		docInfo[i] = startLine<<32 | endLine
	}
	dimm1, dimm2 := make([]uint32, total/2), make([]uint32, total/2)
	for i := range dimm1 {
		dimm1[i], dimm2[i] = csDocEndingTag, csDocEndingTag
	}
	entry := func() uint32 { return uint32(r.IntN(words-1))<<8 | uint32(r.IntN(254)+1) }
	for d := range numDocs {
		start, size := startingDocID[d], docSizes[d]
		for i := range size / 2 {
			dimm1[start+i], dimm2[start+i] = entry(), entry()
		}
		if size%2 != 0 {
			dimm1[start+size/2] = entry()
		}
	}
	hash := make([]uint32, 1<<csBloomSize)
	weights := make([]uint64, words)
	for range 600 {
		e := uint32(r.IntN(words))
		weights[e] = 10
		h1 := e >> csBloom1
		hash[h1>>5] |= 1 << (h1 & 0x1f)
		h2 := e & csBloom2
		hash[h2>>5] |= 1 << (h2 & 0x1f)
	}
	// runOnCPU.
	want := make([]uint64, numDocs)
	score := func(d int, e uint32) {
		freq, id := e&0xff, e>>8
		h1, h2 := id>>csBloom1, id&csBloom2
		if hash[h1>>5]&(1<<(h1&0x1f)) != 0 && hash[h2>>5]&(1<<(h2&0x1f)) != 0 {
			want[d] += weights[id] * uint64(freq)
		}
	}
	for d := range numDocs {
		start, size := startingDocID[d], docSizes[d]
		for i := range size/2 + size%2 {
			score(d, dimm1[start+i])
		}
		for i := range size / 2 {
			score(d, dimm2[start+i])
		}
	}
	got := agree(t, func(f form) ([]uint64, error) {
		localSize := blockSize / csManualVector
		hi, lo := make([]uint32, total/(2*blockSize)), make([]uint32, total/(2*blockSize))
		out := make([]uint64, numDocs)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: int(total) / 2 / csManualVector / localSize}, Block: gocuda.Dim3{X: localSize}},
			ComputeScoreKernel(dimm1, dimm2, weights, weights, hash, hi, lo)); err != nil {
			return nil, err
		}
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: numDocs / blockSize}, Block: gocuda.Dim3{X: blockSize}},
			ComputeScoreReductionKernel(docInfo, hi, lo, out))
	})
	require.Equal(t, want, got)
	nonzero := 0
	for _, s := range want {
		if s != 0 {
			nonzero++
		}
	}
	require.Greater(t, nonzero, numDocs/2, "too few documents score")
}
