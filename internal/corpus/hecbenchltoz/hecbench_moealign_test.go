package hecbenchltoz

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// moeAlignWant is moe_align_block_size's result computed sequentially:
// the padded exclusive sums of the experts' token counts (cumsum, with
// the total last), the expert of each block of blockSize sorted slots,
// and the token ids of each expert in its slots (in any order; numel in
// the padding).
func moeAlignWant(topk []int32, numExperts, blockSize, maxPadded int) (cumsum []int32, experts []int32, perExpert [][]int32) {
	counts := make([]int, numExperts)
	perExpert = make([][]int32, numExperts)
	for i, e := range topk {
		counts[e]++
		perExpert[e] = append(perExpert[e], int32(i))
	}
	cumsum = make([]int32, numExperts+1)
	for e := range numExperts {
		cumsum[e+1] = cumsum[e] + int32(ceilDiv(counts[e], blockSize)*blockSize)
	}
	experts = make([]int32, ceilDiv(maxPadded, blockSize))
	for e := range numExperts {
		for i := cumsum[e]; i < cumsum[e+1]; i += int32(blockSize) {
			experts[int(i)/blockSize] = int32(e)
		}
	}
	return cumsum, experts, perExpert
}

// checkMoeSorted requires sorted to hold each expert's token ids in its
// slots of cumsum and numel elsewhere.
func checkMoeSorted(t *testing.T, sorted, cumsum []int32, perExpert [][]int32, numel int, msg string) {
	t.Helper()
	for e, ids := range perExpert {
		lo := int(cumsum[e])
		got := slices.Clone(sorted[lo : lo+len(ids)])
		slices.Sort(got)
		require.Equal(t, ids, got, "%s: expert %d", msg, e)
		for i := lo + len(ids); i < int(cumsum[e+1]); i++ {
			require.Equal(t, int32(numel), sorted[i], "%s: padding %d", msg, i)
		}
	}
}

// TestMoeAlign runs moe-align-cuda's moe_align_block_size on 300 token
// choices of 8 experts (topk 2) with blocks of 16: the small-batch
// kernel (one block of 256 + 32 threads) and count_and_sort_expert_tokens
// (grid 1×2 of 256, its cumsum buffer from the host, as
// moe_align_block_size_kernel, which uses CUB's BlockScan, would leave
// it), against a sequential count.
func TestMoeAlign(t *testing.T) {
	const numel, numExperts, blockSize, topk = 300, 8, 16, 2
	const maxPadded = numel + numExperts*(blockSize-1)
	r := rng(numel, numExperts)
	ids := make([]int32, numel)
	for i := range ids {
		ids[i] = int32(r.IntN(numExperts))
	}
	cumsum, experts, perExpert := moeAlignWant(ids, numExperts, blockSize, maxPadded)
	maxBlocks := ceilDiv(maxPadded, blockSize)

	threads := max(numExperts, 32)
	got := both(t, func(f form) ([3][]int32, error) {
		sorted, exp, total := make([]int32, maxPadded), make([]int32, maxBlocks), make([]int32, 1)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: moeFillThreads + threads},
			SharedMem: ((threads+1)*numExperts + (numExperts + 1)) * 4},
			MoeAlignBlockSizeSmallBatchExpertKernel(ids, sorted, exp, total, nil, numExperts, blockSize, numel, maxPadded, topk))
		return [3][]int32{sorted, exp, total}, err
	})
	for i, g := range got {
		require.Equal(t, cumsum[numExperts], g[2][0], "%s: total", forms[i].name)
		require.Equal(t, experts, g[1], "%s: expert ids", forms[i].name)
		checkMoeSorted(t, g[0], cumsum, perExpert, numel, forms[i].name)
	}

	got2 := both(t, func(f form) ([]int32, error) {
		sorted := make([]int32, maxPadded)
		for i := range sorted {
			sorted[i] = numel
		}
		buf := slices.Clone(cumsum)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 2}, Block: gocuda.Dim3{X: 256}},
			CountAndSortExpertTokensKernel(ids, sorted, buf, nil, numel, numExperts, maxPadded, topk))
		return sorted, err
	})
	for i, g := range got2 {
		checkMoeSorted(t, g, cumsum, perExpert, numel, forms[i].name)
	}
}
