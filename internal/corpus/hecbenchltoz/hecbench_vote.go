package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's vote benchmark (zjin-lcf/HeCBench at f27000a,
// src/vote-cuda/kernels.h, after cuda-samples' simpleVoteIntrinsics):
// VoteAnyKernel1, VoteAllKernel2 and VoteAnyKernel3, each repeating its
// warp vote repeat times.

// voteMask is kernels.h's MASK.
const voteMask = 0xffffffff

// VoteAnyKernel1 is VoteAnyKernel1 of vote-cuda: result[tx] is
// __any_sync over the warp of input[tx].
//
//gocuda:kernel VoteAnyKernel1
func voteAnyKernel1(t *gocuda.Thread, input, result []uint32, repeat int) {
	tx := t.ThreadIdx.X
	for i := 0; i < repeat; i++ {
		if t.AnySync(voteMask, input[tx] != 0) {
			result[tx] = 1
		} else {
			result[tx] = 0
		}
	}
}

// VoteAllKernel2 is VoteAllKernel2 of vote-cuda: result[tx] is
// __all_sync over the warp of input[tx].
//
//gocuda:kernel VoteAllKernel2
func voteAllKernel2(t *gocuda.Thread, input, result []uint32, repeat int) {
	tx := t.ThreadIdx.X
	for i := 0; i < repeat; i++ {
		if t.AllSync(voteMask, input[tx] != 0) {
			result[tx] = 1
		} else {
			result[tx] = 0
		}
	}
}

// VoteAnyKernel3 is VoteAnyKernel3 of vote-cuda: a directed test of
// __any_sync and __all_sync across warps and half warps, three flags a
// thread.
//
//gocuda:kernel VoteAnyKernel3
func voteAnyKernel3(t *gocuda.Thread, info []bool, warpSize, repeat int) {
	tx := t.ThreadIdx.X
	for i := 0; i < repeat; i++ {
		offs := info[tx*3:]

		// The following should hold true for the second and third warp
		offs[0] = t.AnySync(voteMask, tx >= (warpSize*3)/2)

		// The following should hold true for the "upper half" of the second warp,
		// and all of the third warp
		if tx >= (warpSize*3)/2 {
			offs[1] = true
		} else {
			offs[1] = false
		}

		// The following should hold true for the third warp only
		if t.AllSync(voteMask, tx >= (warpSize*3)/2) {
			offs[2] = true
		}
	}
}
