package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds sequence_aa_kernel of bsw-cuda's kernel.cu (see
// hecbench_bsw.go).

// b2i is C's conversion of a comparison's result to an integer.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BswSequenceAaKernel is sequence_aa_kernel of bsw-cuda.
//
//gocuda:kernel BswSequenceAaKernel
func bswSequenceAaKernel(t *gocuda.Thread, inverse bool, seqAArray, seqBArray []int8, prefixLengthA, prefixLengthB []uint32,
	seqAAlignBegin, seqAAlignEnd, seqBAlignBegin, seqBAlignEnd, topScores []int16, startGap, extendGap int16,
	scoringMatrix, encodingMatrix []int16) {
	blockId := t.BlockIdx.X
	threadId := t.ThreadIdx.X
	laneId := int16(t.ThreadIdx.X % 32)
	warpId := int16(t.ThreadIdx.X / 32)
	var lengthSeqA uint32
	var lengthSeqB uint32
	// local pointers
	var seqA []int8
	var seqB []int8
	var longerSeq []int8

	isValidArray := gocuda.DynamicShared[int8](t)
	isValid := 0 // is_valid = &is_valid_array[0]

	// setting up block local sequences and their lengths.
	if blockId == 0 {
		lengthSeqA = prefixLengthA[0]
		lengthSeqB = prefixLengthB[0]
		seqA = seqAArray
		seqB = seqBArray
	} else {
		lengthSeqA = prefixLengthA[blockId] - prefixLengthA[blockId-1]
		lengthSeqB = prefixLengthB[blockId] - prefixLengthB[blockId-1]
		seqA = seqAArray[prefixLengthA[blockId-1]:]
		seqB = seqBArray[prefixLengthB[blockId-1]:]
	}

	if inverse {
		lengthSeqA = uint32(seqAAlignEnd[blockId])
		lengthSeqB = uint32(seqBAlignEnd[blockId])
	}

	// what is the max length and what is the min length
	var maxSize, minSize uint32
	if lengthSeqA > lengthSeqB {
		maxSize = lengthSeqA
	} else {
		maxSize = lengthSeqB
	}
	if lengthSeqA < lengthSeqB {
		minSize = lengthSeqA
	} else {
		minSize = lengthSeqB
	}

	// shared memory space for storing longer of the two strings
	for p := threadId; uint32(p) < minSize; p += 32 {
		isValidArray[isValid+p] = 0
	}
	isValid += int(minSize)
	for p := threadId; uint32(p) < minSize; p += 32 {
		isValidArray[isValid+p] = 1
	}
	isValid += int(minSize)
	for p := threadId; uint32(p) < minSize; p += 32 {
		isValidArray[isValid+p] = 0
	}

	var myColumnChar int8
	// the shorter of the two strings is stored in thread registers
	if lengthSeqA < lengthSeqB {
		if uint32(threadId) < lengthSeqA {
			if inverse {
				myColumnChar = seqA[(lengthSeqA-1)-uint32(threadId)]
			} else {
				myColumnChar = seqA[threadId] // read only once
			}
			longerSeq = seqB
		}
	} else {
		if uint32(threadId) < lengthSeqB {
			if inverse {
				myColumnChar = seqB[(lengthSeqB-1)-uint32(threadId)]
			} else {
				myColumnChar = seqB[threadId]
			}
			longerSeq = seqA
		}
	}

	t.SyncThreads() // this is required here so that complete sequence has been copied to shared memory

	i := 1
	threadMax := int16(0)  // to maintain the thread max score
	threadMaxI := int16(0) // to maintain the DP coordinate i for the longer string
	threadMaxJ := int16(0) // to maintain the DP cooirdinate j for the shorter string

	//initializing registers for storing diagonal values for three recent most diagonals (separate tables for
	//H, E and F)
	currH, currF, currE := int16(0), int16(0), int16(0)
	prevH, prevF, prevE := int16(0), int16(0), int16(0)
	prevPrevH, prevPrevF, prevPrevE := int16(0), int16(0), int16(0)
	tempVal := int16(0)

	shPrevE := gocuda.Shared[int16](t, 32) // one such element is required per warp
	shPrevH := gocuda.Shared[int16](t, 32)
	shPrevPrevH := gocuda.Shared[int16](t, 32)

	localSpillPrevE := gocuda.Shared[int16](t, 1024) // each threads local spill,
	localSpillPrevH := gocuda.Shared[int16](t, 1024)
	localSpillPrevPrevH := gocuda.Shared[int16](t, 1024)

	shAaEncoding := gocuda.Shared[int16](t, bswEncodMatSize) // length = 91
	shAaScoring := gocuda.Shared[int16](t, bswScoreMatSize)

	maxThreads := t.BlockDim.X
	for p := threadId; p < bswScoreMatSize; p += maxThreads {
		shAaScoring[p] = scoringMatrix[p]
	}
	for p := threadId; p < bswEncodMatSize; p += maxThreads {
		shAaEncoding[p] = encodingMatrix[p]
	}

	t.SyncThreads() // to make sure all shmem allocations have been initialized

	for diag := 0; uint32(diag) < lengthSeqA+lengthSeqB-1; diag++ { // iterate for the number of anti-diagonals
		isValid = isValid - b2i(uint32(diag) < minSize || uint32(diag) >= maxSize) //move the pointer to left by 1 if cnd true

		tempVal = prevH // value exchange happens here to setup registers for next iteration
		prevH = currH
		currH = prevPrevH
		prevPrevH = tempVal
		currH = 0

		tempVal = prevE
		prevE = currE
		currE = prevPrevE
		prevPrevE = tempVal
		currE = 0

		tempVal = prevF
		prevF = currF
		currF = prevPrevF
		prevPrevF = tempVal
		currF = 0

		if laneId == 31 { // if you are the last thread in your warp then spill your values to shmem
			shPrevE[warpId] = prevE
			shPrevH[warpId] = prevH
			shPrevPrevH[warpId] = prevPrevH
		}

		if uint32(diag) >= maxSize { // if you are invalid in this iteration, spill your values to shmem
			localSpillPrevE[threadId] = prevE
			localSpillPrevH[threadId] = prevH
			localSpillPrevPrevH[threadId] = prevPrevH
		}

		t.SyncThreads() // this is needed so that all the shmem writes are completed.

		if isValidArray[isValid+threadId] != 0 && uint32(threadId) < minSize {
			mask := t.BallotSync(t.ActiveMask(), (isValidArray[isValid+threadId] != 0 && (uint32(threadId) < minSize)))

			fVal := prevF + extendGap
			hfVal := prevH + startGap
			valeShfl := gocuda.ShflSync(t, mask, prevE, int(laneId-1), 32)
			valheShfl := gocuda.ShflSync(t, mask, prevH, int(laneId-1), 32)

			eVal, heVal := int16(0), int16(0)

			if uint32(diag) >= maxSize { // when the previous thread has phased out, get value from shmem
				eVal = localSpillPrevE[threadId-1] + extendGap
				heVal = localSpillPrevH[threadId-1] + startGap
			} else {
				if warpId != 0 && laneId == 0 {
					eVal = shPrevE[warpId-1] + extendGap
					heVal = shPrevH[warpId-1] + startGap
				} else {
					eVal = valeShfl + extendGap
					heVal = valheShfl + startGap
				}
			}

			if warpId == 0 && laneId == 0 { // make sure that values for lane 0 in warp 0 is not undefined
				eVal = 0
				heVal = 0
			}
			if fVal > hfVal {
				currF = fVal
			} else {
				currF = hfVal
			}
			if eVal > heVal {
				currE = eVal
			} else {
				currE = heVal
			}

			testShufll := gocuda.ShflSync(t, mask, prevPrevH, int(laneId-1), 32)
			finalPrevPrevH := int16(0)
			if uint32(diag) >= maxSize {
				finalPrevPrevH = localSpillPrevPrevH[threadId-1]
			} else {
				if warpId != 0 && laneId == 0 {
					finalPrevPrevH = shPrevPrevH[warpId-1]
				} else {
					finalPrevPrevH = testShufll
				}
			}

			if warpId == 0 && laneId == 0 {
				finalPrevPrevH = 0
			}

			var toComp int8
			if inverse {
				toComp = longerSeq[maxSize-uint32(i)]
			} else {
				toComp = longerSeq[i-1]
			}
			matIndexQ := shAaEncoding[int(toComp)] //encoding_matrix
			matIndexR := shAaEncoding[int(myColumnChar)]
			addScore := shAaScoring[matIndexQ*24+matIndexR] // doesnt really matter in what order these indices are used, since the scoring table is symmetrical

			diagScore := finalPrevPrevH + addScore

			currH = findMaxFour(diagScore, currF, currE, 0)

			var i_, j_ int
			if inverse {
				i_ = int(maxSize) - i
				j_ = int(minSize) - threadId - 1
			} else {
				i_ = i
				j_ = threadId + 1
			}
			if threadMax < currH {
				threadMaxI = int16(i_)
			}
			if threadMax < currH {
				threadMaxJ = int16(j_)
			}
			if threadMax < currH {
				threadMax = currH
			}
			i++
		}
		t.SyncThreads() // why do I need this? commenting it out breaks it
	}
	threadMax = blockShuffleReduceWithIndex(t, threadMax, &threadMaxI, &threadMaxJ,
		minSize, inverse) // thread 0 will have the correct values

	if inverse {
		if threadId == 0 {
			if lengthSeqA < lengthSeqB {
				seqBAlignBegin[blockId] = threadMaxI
				seqAAlignBegin[blockId] = threadMaxJ
			} else {
				seqAAlignBegin[blockId] = threadMaxI
				seqBAlignBegin[blockId] = threadMaxJ
			}
		}
	} else {
		if threadId == 0 {
			if lengthSeqA < lengthSeqB {
				seqBAlignEnd[blockId] = threadMaxI
				seqAAlignEnd[blockId] = threadMaxJ
				topScores[blockId] = threadMax
			} else {
				seqAAlignEnd[blockId] = threadMaxI
				seqBAlignEnd[blockId] = threadMaxJ
				topScores[blockId] = threadMax
			}
		}
	}
}
