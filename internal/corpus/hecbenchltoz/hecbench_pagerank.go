package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's page-rank benchmark (zjin-lcf/HeCBench at
// f27000a, src/page-rank-cuda/main.cu): map and reduce, one iteration of
// PageRank over a dense link matrix.

// pageRankDFactor is main.cu's D_FACTOR.
const pageRankDFactor = float32(0.85)

// PageRankMapKernel is map of page-rank-cuda: row i of maps is row i of
// pages times page i's rank over its out-links.
//
//gocuda:kernel PageRankMapKernel
func pageRankMapKernel(t *gocuda.Thread, pages []int32, pageRanks, maps []float32, noutlinks []uint32, n int) {
	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	var j int
	if i < n {
		outboundRank := pageRanks[i] / float32(noutlinks[i])
		for j = 0; j < n; j++ {
			maps[i*n+j] = float32(pages[i*n+j]) * outboundRank
		}
	}
}

// PageRankReduceKernel is reduce of page-rank-cuda: page j's new rank
// from column j of maps, and the largest change so far in dif[j].
//
//gocuda:kernel PageRankReduceKernel
func pageRankReduceKernel(t *gocuda.Thread, pageRanks, maps []float32, n int, dif []float32) {
	j := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	var i int
	var newRank, oldRank float32

	if j < n {
		oldRank = pageRanks[j]
		newRank = 0
		for i = 0; i < n; i++ {
			newRank += maps[i*n+j]
		}

		newRank = ((1 - pageRankDFactor) / float32(n)) + (pageRankDFactor * newRank)
		dif[j] = fmaxf(fabsf(newRank-oldRank), dif[j])
		pageRanks[j] = newRank
	}
}
