package hecbenchltoz

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// segsortBin is the bin of bb_bin_group for a segment of size.
func segsortBin(size int32) int {
	for b, lim := 0, int32(1); b < 12; b, lim = b+1, lim*2 {
		if size <= lim {
			return b
		}
	}
	return 12
}

// TestSegsortBins runs segsort-cuda's bb_bin (bb_bin_histo and
// bb_bin_group on 2 blocks of 256, the second partial) on 300 segments
// of 1 to 6 elements and two of 2100, then gen_copy,
// gen_bk256_wp2_tc1_r2_r2_orig and gen_bk128_wp2_tc2_r3_r4_orig on the
// bins of sizes 1, 2 and 3 to 4 (blocks of 256 and 128, the last
// partial), against the bins' counts and the segments sorted on the
// host.
func TestSegsortBins(t *testing.T) {
	const numSegs = 302
	r := rng(numSegs)
	begins, ends := make([]int32, numSegs), make([]int32, numSegs)
	n := int32(0)
	for i := range numSegs {
		size := int32(1 + r.IntN(6))
		if i == 100 || i == 290 {
			size = 2100
		}
		begins[i], ends[i] = n, n+size
		n += size
	}
	key, val := make([]int32, n), make([]uint64, n)
	for i := range key {
		key[i], val[i] = int32(r.IntN(50)), uint64(i)
	}
	// bb_bin_histo leaves the segments over 2048 out of bin 12 (its
	// atomicAdd is commented out); bb_bin_group puts them there.
	wantCounts, groupCounts := make([]int32, segbinNum+1), make([]int32, segbinNum)
	for i := range numSegs {
		s := ends[i] - begins[i]
		groupCounts[segsortBin(s)]++
		if s > 2048 {
			wantCounts[13] = max(wantCounts[13], s)
		} else {
			wantCounts[segsortBin(s)]++
		}
	}
	type result struct {
		histo, counter, ids []int32
		keyB                []int32
		valB                []uint64
	}
	got := both(t, func(f form) (result, error) {
		res := result{counter: make([]int32, segbinNum+1), ids: make([]int32, numSegs), keyB: make([]int32, n), valB: make([]uint64, n)}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: (numSegs + 255) / 256}, Block: gocuda.Dim3{X: 256}}
		if err := f.launch(cfg, BbBinHistoKernel(res.counter, begins, ends, numSegs)); err != nil {
			return res, err
		}
		res.histo = slices.Clone(res.counter)
		if err := f.launch(cfg, BbBinGroupKernel(res.ids, res.counter, begins, ends, numSegs)); err != nil {
			return res, err
		}
		gen := []struct {
			per, block int
			k          func(bin []int32, size int) func(*gocuda.Thread)
		}{
			{1, 256, func(bin []int32, size int) func(*gocuda.Thread) {
				return GenCopyKernel(key, val, res.keyB, res.valB, begins, ends, bin, size)
			}},
			{2, 256, func(bin []int32, size int) func(*gocuda.Thread) {
				return GenBk256Wp2Tc1R2R2OrigKernel(key, val, res.keyB, res.valB, begins, ends, bin, size)
			}},
			{2, 128, func(bin []int32, size int) func(*gocuda.Thread) {
				return GenBk128Wp2Tc2R3R4OrigKernel(key, val, res.keyB, res.valB, begins, ends, bin, size)
			}},
		}
		for b, g := range gen {
			lo := int(res.histo[b])
			size := int(res.histo[b+1]) - lo
			threads := size * g.per
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (threads + g.block - 1) / g.block}, Block: gocuda.Dim3{X: g.block}}, g.k(res.ids[lo:], size))
			if err != nil {
				return res, err
			}
		}
		return res, nil
	})
	for i, g := range got {
		name := forms[i].name
		excl := int32(0)
		for b := range segbinNum {
			require.Equal(t, excl, g.histo[b], "%s: bin %d start", name, b)
			excl += wantCounts[b]
		}
		require.Equal(t, wantCounts[13], g.histo[13], "%s: largest", name)
		for b := range segbinNum {
			lo, hi := g.histo[b], g.histo[b]+groupCounts[b]
			require.Equal(t, hi, g.counter[b], "%s: bin %d end", name, b)
			for _, id := range g.ids[lo:hi] {
				require.Equal(t, b, segsortBin(ends[id]-begins[id]), "%s: segment %d in bin %d", name, id, b)
			}
		}
		for s := range numSegs {
			lo, hi := begins[s], ends[s]
			if hi-lo > 4 {
				continue
			}
			want := slices.Clone(key[lo:hi])
			slices.Sort(want)
			require.Equal(t, want, g.keyB[lo:hi], "%s: segment %d", name, s)
			for j := lo; j < hi; j++ {
				require.Equal(t, g.keyB[j], key[g.valB[j]], "%s: value %d", name, j)
			}
		}
	}
}
