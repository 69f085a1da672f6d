package hecbenchltoz

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestVote runs vote-cuda's three kernels on one block of
// VOTE_DATA_GROUP = 4 warps (the third on 3 warps), with the program's
// test pattern (genVoteTestPattern: warps all 0, mixed, all 1, mixed)
// and repeat = 2, against its checks.
func TestVote(t *testing.T) {
	const warp, groups, repeat = 32, 4, 2
	n := warp * groups
	input := make([]uint32, n)
	for i := range input {
		switch {
		case i < warp:
			input[i] = 0
		case i < 2*warp:
			input[i] = uint32(i & 1)
		case i < 3*warp:
			input[i] = 1
		default:
			input[i] = uint32((i / 3) & 1)
		}
	}
	wantAny, wantAll := make([]uint32, n), make([]uint32, n)
	for w := range groups {
		anyv, allv := uint32(0), uint32(1)
		for l := range warp {
			if input[w*warp+l] != 0 {
				anyv = 1
			} else {
				allv = 0
			}
		}
		for l := range warp {
			wantAny[w*warp+l], wantAll[w*warp+l] = anyv, allv
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}
	got := agree(t, func(f form) ([2][]uint32, error) {
		a, b := make([]uint32, n), make([]uint32, n)
		if err := f.launch(cfg, VoteAnyKernel1(input, a, repeat)); err != nil {
			return [2][]uint32{}, err
		}
		err := f.launch(cfg, VoteAllKernel2(input, b, repeat))
		return [2][]uint32{a, b}, err
	})
	require.Equal(t, wantAny, got[0], "VoteAnyKernel1")
	require.Equal(t, wantAll, got[1], "VoteAllKernel2")

	info := agree(t, func(f form) ([]bool, error) {
		info := make([]bool, warp*3*3)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: warp * 3}}, VoteAnyKernel3(info, warp, repeat))
		return info, err
	})
	for i := range warp * 3 {
		require.Equal(t, i >= warp, info[i*3], "thread %d any", i)
		require.Equal(t, i >= warp*3/2, info[i*3+1], "thread %d half", i)
		require.Equal(t, i >= warp*2, info[i*3+2], "thread %d all", i)
	}
}
