package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's bsw benchmark (zjin-lcf/HeCBench at f27000a,
// src/bsw-cuda/kernel.cu and kernel.hpp, after ADEPT's GPU Smith-Waterman
// for proteins): sequence_aa_kernel aligns one pair of sequences a block,
// a thread a column of the shorter sequence, sweeping the anti-diagonals
// with the H, E and F scores of the last three diagonals in registers,
// the left neighbour's by __shfl_sync under the ballot of the active
// lanes (lane 0 of a warp from its left warp's shared slots, a phased-out
// neighbour's from a shared spill), a barrier a diagonal; then
// blockShuffleReduce_with_index and warpReduceMax_with_index reduce the
// best score with its coordinates by __shfl_down_sync under a ballot mask.
// The inverse launch aligns the reversed prefixes up to the ends the
// forward launch found, for the start positions. short is int16, char
// int8 (the sequences' letters), unsigned uint32; C's references are
// pointers, and the moving pointer is_valid into the dynamic shared bytes
// an offset.

// bswEncodMatSize and bswScoreMatSize are kernel.hpp's ENCOD_MAT_SIZE and
// SCORE_MAT_SIZE.
const (
	bswEncodMatSize = 91
	bswScoreMatSize = 576
)

// warpReduceMaxWithIndex is warpReduceMax_with_index of kernel.cu: the
// warp's greatest val with its two indices, ties going to the smaller
// first index (or, inverse, the greater second one), by __shfl_down_sync
// under the ballot of the lanes below lengthSeqB.
func warpReduceMaxWithIndex(t *gocuda.Thread, val int16, myIndex, myIndex2 *int16, lengthSeqB uint32, inverse bool) int16 {
	warpSize := 32
	myMax := int16(0)
	newInd := int16(0)
	newInd2 := int16(0)
	ind := *myIndex
	ind2 := *myIndex2
	myMax = val
	mask := t.BallotSync(0xffffffff, uint32(t.ThreadIdx.X) < lengthSeqB) // blockDim.x

	for offset := warpSize / 2; offset > 0; offset /= 2 {
		tempVal := gocuda.ShflDownSync(t, mask, val, offset, 32)
		val = max(val, tempVal)
		newInd = gocuda.ShflDownSync(t, mask, ind, offset, 32)
		newInd2 = gocuda.ShflDownSync(t, mask, ind2, offset, 32)
		if val != myMax {
			ind = newInd
			ind2 = newInd2
			myMax = val
		} else if val == tempVal { // this is kind of redundant and has been done purely to match the results
			// with SSW to get the smallest alignment with highest score. Theoreticaly
			// all the alignmnts with same score are same.
			if inverse {
				if newInd2 > ind2 {
					ind = newInd
					ind2 = newInd2
				}
			} else {
				if newInd < ind {
					ind = newInd
					ind2 = newInd2
				}
			}
		}
	}
	*myIndex = ind
	*myIndex2 = ind2
	val = myMax
	return val
}

// blockShuffleReduceWithIndex is blockShuffleReduce_with_index of
// kernel.cu: each warp's best through warpReduceMaxWithIndex, the warps'
// bests through shared memory, and warp 0's best of those.
func blockShuffleReduceWithIndex(t *gocuda.Thread, myVal int16, myIndex, myIndex2 *int16, lengthSeqB uint32, inverse bool) int16 {
	laneId := t.ThreadIdx.X % 32
	warpId := t.ThreadIdx.X / 32
	locTots := gocuda.Shared[int16](t, 32)
	locInds := gocuda.Shared[int16](t, 32)
	locInds2 := gocuda.Shared[int16](t, 32)
	myInd := *myIndex
	myInd2 := *myIndex2
	myVal = warpReduceMaxWithIndex(t, myVal, &myInd, &myInd2, lengthSeqB, inverse)

	if laneId == 0 {
		locTots[warpId] = myVal
	}
	if laneId == 0 {
		locInds[warpId] = myInd
	}
	if laneId == 0 {
		locInds2[warpId] = myInd2
	}
	t.SyncThreads()
	// number of warps in a thread block
	nblocks := uint32((32 + t.BlockDim.X - 1) / 32)
	if uint32(t.ThreadIdx.X) < nblocks {
		myVal = locTots[t.ThreadIdx.X]
		myInd = locInds[t.ThreadIdx.X]
		myInd2 = locInds2[t.ThreadIdx.X]
	} else {
		myVal = 0
		myInd = -1
		myInd2 = -1
	}
	t.SyncThreads()

	if warpId == 0 {
		myVal = warpReduceMaxWithIndex(t, myVal, &myInd, &myInd2, lengthSeqB, inverse)
		*myIndex = myInd
		*myIndex2 = myInd2
	}
	return myVal
}

// findMaxFour is findMaxFour of kernel.cu.
func findMaxFour(first, second, third, fourth int16) int16 {
	maxScore := int16(0)

	maxScore = max(first, second)
	maxScore = max(maxScore, third)
	maxScore = max(maxScore, fourth)

	return maxScore
}
