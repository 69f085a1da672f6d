package hecbenchltoz

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMerge runs merge-cuda's mergeType<uint32_t>: two sorted arrays of
// 3000 random words (padded with 1024 of +infinity, as main.cu pads
// them), workloadDiagonals on 4 blocks of 32 and mergeSinglePath on 4
// blocks of 128, against the sorted concatenation. The intersections
// must agree between the paths; the merged arrays too.
func TestMerge(t *testing.T) {
	const size, padding, blocks = 3000, 1024, 4
	r := rng(size, blocks)
	a, b := make([]uint32, size+padding), make([]uint32, size+padding)
	for i := range size {
		a[i], b[i] = r.Uint32()>>1, r.Uint32()>>1
	}
	slices.Sort(a[:size])
	slices.Sort(b[:size])
	for i := size; i < size+padding; i++ {
		a[i], b[i] = getPositiveInfinity(), getPositiveInfinity()
	}
	want := append(slices.Clone(a[:size]), b[:size]...)
	slices.Sort(want)
	got := agree(t, func(f form) ([2][]uint32, error) {
		dpi := make([]uint32, (blocks+1)*2)
		c := make([]uint32, 2*size+padding)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 32}},
			WorkloadDiagonalsKernel(a, size, b, size, dpi)); err != nil {
			return [2][]uint32{}, err
		}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: 128}},
			MergeSinglePathKernel(a, size, b, size, dpi, c, 2*size))
		return [2][]uint32{dpi, c[:2*size]}, err
	})
	for i := range blocks + 1 {
		require.Equal(t, uint32(i*2*size/blocks), got[0][i]+got[0][i+blocks+1], "diagonal %d", i)
	}
	require.Equal(t, want, got[1])
}
