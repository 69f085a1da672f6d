package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's columnarSolver benchmark (zjin-lcf/HeCBench
// at f27000a, src/columnarSolver-cuda/kernels.cu and main.cu's macros,
// after CrypTool's GPU hill climbing of columnar transposition ciphers):
// setupKernel seeds a linear congruential generator a thread, and decode
// climbs: each thread perturbs its key (swaps, block swaps or a shift,
// picked at random), decrypts into a local array and keeps the key when
// the text's bigram score (from a shared table thread 0 loads) improves.
// The __device__ helpers take the local arrays as slices and the
// generator's state by pointer. CLIMBINGS, 150000 in main.cu, is 100 here
// so that a test runs in a moment; main.cu's other macros are constants.

// The macros of columnarSolver-cuda's main.cu (CLIMBINGS reduced, see
// above).
const (
	colClimbings        = 100
	colAlphabet         = 26
	colCap              = float32(999999.0)
	colEncryptedT       = "tteohtedanisroudesereguwocubsoitoabbofeiaiutsdheeisatsarsturesuaastniersrotnesctrctxdiwmhcusyenorndasmhaipnnptmaeecspegdeislwoheoiymreeotbsspiatoanihrelhwctftrhpuunhoianunreetrioettatlsnehtbaecpvgtltcirottonesnobeeeireaymrtohaawnwtesssvassirsrhabapnsynntitsittchitoosbtelmlaouitrehhwfeiaandeitciegfreoridhdcsheucrnoihdeoswobaceeaorgndlstigeearsotoetduedininttpedststntefoeaheoesuetvmmiorftuuhsurof"
	colEncryptedLen     = len(colEncryptedT)
	colDecryptedT       = "thedistinctionbetweentherouteciphertranspositionandthesubstitutioncipherwherewholewordsaresubstitutedforlettersoftheoriginaltextmustbemadeonthebasisofthewordsactuallyuseditisbettertoconsidersuchamessageasaroutecipherwhenthewordsusedappeartohavesomeconsecutivemeaningbearingonthesituationathandasubstitutioncipherofthisvarietywouldonlybeusedfortransmissionofashortmessageofgreatimportanceandsecrecy"
	colKeyLength        = 30
	colSectionConstant  = colEncryptedLen / colKeyLength
	colHeurThresholdOp1 = 50
	colHeurThresholdOp2 = 70
	colOp1Hop           = 4
	colOp2Hop           = 2
)

// lcgRandomFloat is LCG_random_float of kernels.cu: the next state and
// its value in [0, 1).
func lcgRandomFloat(seed *uint32) float32 {
	const m = uint32(2147483648)
	const a = uint32(26757677)
	const c = uint32(1)
	*seed = (a*(*seed) + c) % m
	return float32(*seed) / float32(m)
}

// lcgRandomInit is LCG_random_init of kernels.cu.
func lcgRandomInit(seed *uint32) {
	const m = uint32(2147483648)
	const a = uint32(26757677)
	const c = uint32(1)
	*seed = (a*(*seed) + c) % m
}

// ColumnarSetupKernel is setupKernel of columnarSolver-cuda: thread idx's
// state is idx advanced idx times.
//
//gocuda:kernel ColumnarSetupKernel
func columnarSetupKernel(t *gocuda.Thread, state []uint32) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	state[idx] = uint32(idx)
	for i := 0; i < idx; i++ {
		lcgRandomInit(&state[idx])
	}
}

// columnarDecrypt is decrypt of kernels.cu: the columns of the encrypted
// text in key order, read out row by row.
func columnarDecrypt(encrypted, key, decrypted []int32) {
	var columns [colKeyLength][colSectionConstant + 1]int32
	offset := int32(0)
	var colLength [colKeyLength]int32

	for j := 0; j < colKeyLength; j++ {
		colLength[j] = int32(colEncryptedLen / colKeyLength)
		if j < colEncryptedLen%colKeyLength {
			colLength[j]++
		}
	}

	for keyPos := 0; keyPos < colKeyLength; keyPos++ {
		offset = 0
		for i := 0; i < colKeyLength; i++ {
			if key[i] < key[keyPos] {
				offset += colLength[i]
			}
		}

		for j := int32(0); j < colLength[keyPos]; j++ {
			columns[key[keyPos]][j] = encrypted[offset+j]
		}
	}

	for j := 0; j < colEncryptedLen; j++ {
		decrypted[j] = columns[key[j%colKeyLength]][j/colKeyLength]
	}
}

// columnarSwapElements is swapElements of kernels.cu, a swap by
// arithmetic.
func columnarSwapElements(key []int32, posLeft, posRight int32) {
	if posLeft != posRight {
		key[posLeft] -= key[posRight]
		key[posRight] += key[posLeft]
		key[posLeft] = key[posRight] - key[posLeft]
	}
}

// columnarSwapBlock is swapBlock of kernels.cu.
func columnarSwapBlock(key []int32, posLeft, posRight, length int32) {
	for i := int32(0); i < length; i++ {
		columnarSwapElements(key, (posLeft+i)%colKeyLength, (posRight+i)%colKeyLength)
	}
}

// iabs is C's abs.
func iabs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// ColumnarDecodeKernel is decode of columnarSolver-cuda.
//
//gocuda:kernel ColumnarDecodeKernel
func columnarDecodeKernel(t *gocuda.Thread, dScores []float32, dEncrypted []int32, globalState []uint32, dDecrypted []int32) {
	sharedScores := gocuda.Shared[float32](t, colAlphabet*colAlphabet)

	var key [colKeyLength]int32
	var localDecrypted [colEncryptedLen]int32
	var bestLocalDecrypted [colEncryptedLen]int32
	leftLetter := int32(0)
	rightLetter := int32(0)
	var backupKey [colKeyLength]int32
	var shiftHelper [colKeyLength]int32
	var blockStart, blockEnd int32
	var l, f, tt0, t0, n, ff, tt int32
	tempScore := float32(0)
	bestScore := colCap
	j, jj := 0, 0

	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	localState := globalState[idx]

	if t.ThreadIdx.X == 0 {
		for j = 0; j < colAlphabet; j++ {
			for jj = 0; jj < colAlphabet; jj++ {
				sharedScores[j*colAlphabet+jj] = dScores[j*colAlphabet+jj]
			}
		}
	}

	t.SyncThreads()

	for j = 0; j < colKeyLength; j++ {
		key[j] = int32(j)
	}

	for j = 0; j < colKeyLength; j++ {
		columnarSwapElements(key[:], int32(j), int32(lcgRandomFloat(&localState)*colKeyLength))
	}

	for cycles := 0; cycles < colClimbings; cycles++ {

		for j = 0; j < colKeyLength; j++ {
			backupKey[j] = key[j]
		}

		tempScore = 0

		branch := int32(lcgRandomFloat(&localState) * 100)

		if branch < colHeurThresholdOp1 {
			for j = 0; float32(j) < 1+lcgRandomFloat(&localState)*colOp1Hop; j++ {
				leftLetter = int32(lcgRandomFloat(&localState) * colKeyLength)
				rightLetter = int32(lcgRandomFloat(&localState) * colKeyLength)
				columnarSwapElements(key[:], leftLetter, rightLetter)
			}
		} else if branch < colHeurThresholdOp2 {
			for j = 0; float32(j) < 1+lcgRandomFloat(&localState)*colOp2Hop; j++ {
				blockStart = int32(lcgRandomFloat(&localState) * colKeyLength)
				blockEnd = int32(lcgRandomFloat(&localState) * colKeyLength)
				columnarSwapBlock(key[:], blockStart, blockEnd, int32(1+lcgRandomFloat(&localState)*float32(iabs((blockStart-blockEnd))-1)))
			}
		} else {
			l = int32(1 + lcgRandomFloat(&localState)*(colKeyLength-2))
			f = int32(lcgRandomFloat(&localState) * (colKeyLength - 1))
			tt0 = int32(float32(f+1) + (lcgRandomFloat(&localState) * (colKeyLength - 2)))
			tt0 = tt0 % colKeyLength

			for j = 0; j < colKeyLength; j++ {
				shiftHelper[j] = key[j]
			}

			t0 = (tt0 - f + colKeyLength) % colKeyLength
			n = (t0 + l) % colKeyLength

			for j = 0; int32(j) < n; j++ {
				ff = (f + int32(j)) % colKeyLength
				tt = (((t0 + int32(j)) % n) + f) % colKeyLength
				key[tt] = shiftHelper[ff]
			}
		}

		columnarDecrypt(dEncrypted, key[:], localDecrypted[:])

		for j = 0; j < colEncryptedLen-1; j++ {
			tempScore += sharedScores[colAlphabet*localDecrypted[j]+localDecrypted[j+1]]
		}

		if tempScore < bestScore {
			bestScore = tempScore
			for j = 0; j < colEncryptedLen; j++ {
				bestLocalDecrypted[j] = localDecrypted[j]
			}
		} else {
			for j = 0; j < colKeyLength; j++ {
				key[j] = backupKey[j]
			}
		}
	}

	for j = 0; j < colEncryptedLen; j++ {
		dDecrypted[idx*colEncryptedLen+j] = bestLocalDecrypted[j]
	}
}
