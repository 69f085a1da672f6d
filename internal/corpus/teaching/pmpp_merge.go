package teaching

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds chapter 11 of "Programming Massively Parallel
// Processors" (3rd edition), the parallel merge, as
// nvixnu/pmpp__programming_massively_parallel_processors implements it
// (chapter_11/ch11__merge_sort.cu): the co-rank search, the sequential
// merge each thread runs on its section, and the basic and tiled merge
// kernels.

// minimal is ch11's minimal.
func minimal(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// ptrAdd is C's pointer arithmetic &s[off] (or s + off): s[off:], or an
// empty slice when off is past the end (the threads of basic_merge_kernel
// beyond m+n form such pointers and merge nothing through them, and
// siboehm's SGEMM kernels advance B past its end after their last tile).
func ptrAdd[T any](s []T, off int) []T {
	if off > len(s) {
		return s[len(s):]
	}
	return s[off:]
}

// mergeCore is ch11__merge_core: the sequential merge of A[:m] and B[:n]
// into C.
func mergeCore(A []int32, m int, B []int32, n int, C []int32) {
	i := 0
	j := 0
	k := 0
	for (i < m) && (j < n) {
		if A[i] <= B[j] {
			C[k] = A[i]
			k++
			i++
		} else {
			C[k] = B[j]
			k++
			j++
		}
	}
	if i == m {
		for ; j < n; j++ {
			C[k] = B[j]
			k++
		}
	} else {
		for ; i < m; i++ {
			C[k] = A[i]
			k++
		}
	}
}

// coRank is ch11__co_rank: the i such that the first k elements of the
// merge of A[:m] and B[:n] are A[:i] and B[:k-i].
func coRank(k int, A []int32, m int, B []int32, n int) int {
	i := minimal(k, m)
	j := k - i
	iLow := k - n
	if 0 > (k - n) {
		iLow = 0
	}
	jLow := k - m
	if 0 > (k - m) {
		jLow = 0
	}
	var delta int
	active := 1
	for active != 0 {
		if i > 0 && j < n && A[i-1] > B[j] {
			delta = int(math.Ceil(float64(i-iLow) / 2.0))
			jLow = j
			j = j + delta
			i = i - delta
		} else if j > 0 && i < m && B[j-1] >= A[i] {
			delta = ((j - jLow + 1) >> 1)
			iLow = i
			i = i + delta
			j = j - delta
		} else {
			active = 0
		}
	}
	return i
}

// BasicMergeKernel is ch11__basic_merge_kernel: each thread finds its
// section of C by co-rank and merges it sequentially.
//
//gocuda:kernel BasicMergeKernel
func basicMergeKernel(t *gocuda.Thread, A []int32, m int, B []int32, n int, C []int32) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	numThreads := t.BlockDim.X * t.GridDim.X
	sectionSize := int(math.Ceil(float64(m+n) / float64(numThreads)))
	kCurr := tid * sectionSize
	kNext := minimal((tid+1)*sectionSize, m+n)

	iCurr := coRank(kCurr, A, m, B, n)
	iNext := coRank(kNext, A, m, B, n)
	jCurr := kCurr - iCurr
	jNext := kNext - iNext
	mergeCore(ptrAdd(A, iCurr), iNext-iCurr, ptrAdd(B, jCurr), jNext-jCurr, ptrAdd(C, kCurr))
}

// TiledMergeKernel is ch11__tiled_merge_kernel: each block finds its
// section of C by co-rank, then merges it tile by tile through shared
// memory (dynamic, 2*tile_size ints).
//
//gocuda:kernel TiledMergeKernel
func tiledMergeKernel(t *gocuda.Thread, A []int32, m int, B []int32, n int, C []int32, tileSize int) {
	shareAB := gocuda.DynamicShared[int32](t)
	AS := shareAB[0:]
	BS := shareAB[tileSize:]

	CCurr := int(float64(t.BlockIdx.X) * math.Ceil(float64(m+n)/float64(t.GridDim.X)))
	CNext := minimal(int(float64(t.BlockIdx.X+1)*math.Ceil(float64(m+n)/float64(t.GridDim.X))), (m + n))
	if t.ThreadIdx.X == 0 {
		AS[0] = int32(coRank(CCurr, A, m, B, n))
		AS[1] = int32(coRank(CNext, A, m, B, n))
	}
	t.SyncThreads()

	ACurr := int(AS[0])
	ANext := int(AS[1])
	BCurr := CCurr - ACurr
	BNext := CNext - ANext
	t.SyncThreads()

	counter := 0
	CLength := CNext - CCurr
	ALength := ANext - ACurr
	BLength := BNext - BCurr
	totalIteration := int(math.Ceil(float64(CLength) / float64(tileSize)))
	CCompleted := 0
	AConsumed := 0

	BConsumed := 0
	for counter < totalIteration {
		for i := 0; i < tileSize; i += t.BlockDim.X {
			if i+t.ThreadIdx.X < ALength-AConsumed {
				AS[i+t.ThreadIdx.X] = A[ACurr+AConsumed+i+t.ThreadIdx.X]
			}
		}
		for i := 0; i < tileSize; i += t.BlockDim.X {
			if i+t.ThreadIdx.X < BLength-BConsumed {
				BS[i+t.ThreadIdx.X] = B[BCurr+BConsumed+i+t.ThreadIdx.X]
			}
		}
		t.SyncThreads()

		cCurr := t.ThreadIdx.X * (tileSize / t.BlockDim.X)
		cNext := (t.ThreadIdx.X + 1) * (tileSize / t.BlockDim.X)
		if !(cCurr <= CLength-CCompleted) {
			cCurr = CLength - CCompleted
		}
		if !(cNext <= CLength-CCompleted) {
			cNext = CLength - CCompleted
		}

		aCurr := coRank(cCurr, AS, minimal(tileSize, ALength-AConsumed), BS, minimal(tileSize, BLength-BConsumed))
		bCurr := cCurr - aCurr
		aNext := coRank(cNext, AS, minimal(tileSize, ALength-AConsumed), BS, minimal(tileSize, BLength-BConsumed))
		bNext := cNext - aNext
		mergeCore(AS[aCurr:], aNext-aCurr, BS[bCurr:], bNext-bCurr, C[CCurr+CCompleted+cCurr:])
		counter++
		CCompleted += tileSize
		AConsumed += coRank(tileSize, AS, tileSize, BS, tileSize)
		BConsumed = CCompleted - AConsumed
		t.SyncThreads()
	}
}

// circ is the circular buffers' index: start+i folded into a tile of
// tileSize (the kernels' repeated (s+i >= tile_size) ? s+i-tile_size : s+i).
func circ(start, i, tileSize int) int {
	if start+i >= tileSize {
		return start + i - tileSize
	}
	return start + i
}

// circularBufferMergeCore is ch11__circular_buffer_merge_core: mergeCore
// on circular buffers starting at AStart and BStart.
func circularBufferMergeCore(A []int32, m int, B []int32, n int, C []int32, AStart, BStart, tileSize int) {
	i := 0
	j := 0
	k := 0
	for (i < m) && (j < n) {
		iCir := AStart + i
		if AStart+i >= tileSize {
			iCir = AStart + i - tileSize
		}
		jCir := BStart + j
		if BStart+j >= tileSize {
			jCir = BStart + j - tileSize
		}
		if A[iCir] <= B[jCir] {
			C[k] = A[iCir]
			k++
			i++
		} else {
			C[k] = B[jCir]
			k++
			j++
		}
	}
	if i == m {
		for ; j < n; j++ {
			jCir := BStart + j
			if BStart+j >= tileSize {
				jCir = BStart + j - tileSize
			}
			C[k] = B[jCir]
			k++
		}
	} else {
		for ; i < m; i++ {
			iCir := AStart + i
			if AStart+i >= tileSize {
				iCir = AStart + i - tileSize
			}
			C[k] = A[iCir]
			k++
		}
	}
}

// coRankCircular is ch11__co_rank_circular: coRank on circular buffers.
// Its j_m_1_cir tests B_S_start+i-1 where B_S_start+j-1 is meant; the
// port keeps it.
func coRankCircular(k int, A []int32, m int, B []int32, n int, AStart, BStart, tileSize int) int {
	i := m
	if k < m {
		i = k
	}
	j := k - i
	iLow := k - n
	if 0 > (k - n) {
		iLow = 0
	}
	jLow := k - m
	if 0 > (k - m) {
		jLow = 0
	}
	var delta int
	active := true
	for active {
		iCir := circ(AStart, i, tileSize)
		iM1Cir := AStart + i - 1
		if AStart+i-1 >= tileSize {
			iM1Cir = AStart + i - 1 - tileSize
		}
		jCir := circ(BStart, j, tileSize)
		jM1Cir := BStart + j - 1
		if BStart+i-1 >= tileSize {
			jM1Cir = BStart + j - 1 - tileSize
		}
		if i > 0 && j < n && A[iM1Cir] > B[jCir] {
			delta = int(math.Ceil(float64(i-iLow) / 2.0))
			jLow = j
			i = i - delta
			j = j + delta
		} else if j > 0 && i < m && B[jM1Cir] >= A[iCir] {
			delta = ((j - jLow + 1) >> 1)
			iLow = i
			i = i + delta
			j = j - delta
		} else {
			active = false
		}
	}
	return i
}

// CircularBufferMergeKernel is ch11__circular_buffer_merge_kernel: the
// tiled merge whose tiles are circular buffers, refilled only with what
// the last iteration consumed.
//
//gocuda:kernel CircularBufferMergeKernel
func circularBufferMergeKernel(t *gocuda.Thread, A []int32, m int, B []int32, n int, C []int32, tileSize int) {
	shareAB := gocuda.DynamicShared[int32](t)
	AS := shareAB[0:]
	BS := shareAB[tileSize:]
	CCurr := int(float64(t.BlockIdx.X) * math.Ceil(float64(m+n)/float64(t.GridDim.X)))
	CNext := minimal(int(float64(t.BlockIdx.X+1)*math.Ceil(float64(m+n)/float64(t.GridDim.X))), (m + n))
	if t.ThreadIdx.X == 0 {
		AS[0] = int32(coRank(CCurr, A, m, B, n))
		AS[1] = int32(coRank(CNext, A, m, B, n))
	}
	t.SyncThreads()
	ACurr := int(AS[0])
	ANext := int(AS[1])
	BCurr := CCurr - ACurr
	BNext := CNext - ANext

	t.SyncThreads()
	ASStart := 0
	BSStart := 0
	ASConsumed := tileSize
	BSConsumed := tileSize
	counter := 0
	CLength := CNext - CCurr
	ALength := ANext - ACurr
	BLength := BNext - BCurr
	totalIteration := int(math.Ceil(float64(CLength) / float64(tileSize)))
	CCompleted := 0
	AConsumed := 0
	BConsumed := 0
	for counter < totalIteration {
		for i := 0; i < ASConsumed; i += t.BlockDim.X {
			if i+t.ThreadIdx.X < ALength-AConsumed && i+t.ThreadIdx.X < ASConsumed {
				AS[(ASStart+i+t.ThreadIdx.X)%tileSize] = A[ACurr+AConsumed+i+t.ThreadIdx.X]
			}
		}
		for i := 0; i < BSConsumed; i += t.BlockDim.X {
			if i+t.ThreadIdx.X < BLength-BConsumed && i+t.ThreadIdx.X < BSConsumed {
				BS[(BSStart+i+t.ThreadIdx.X)%tileSize] = B[BCurr+BConsumed+i+t.ThreadIdx.X]
			}
		}

		cCurr := t.ThreadIdx.X * (tileSize / t.BlockDim.X)
		cNext := (t.ThreadIdx.X + 1) * (tileSize / t.BlockDim.X)
		if !(cCurr <= CLength-CCompleted) {
			cCurr = CLength - CCompleted
		}
		if !(cNext <= CLength-CCompleted) {
			cNext = CLength - CCompleted
		}
		aCurr := coRankCircular(cCurr,
			AS, minimal(tileSize, ALength-AConsumed),
			BS, minimal(tileSize, BLength-BConsumed),
			ASStart, BSStart, tileSize)
		bCurr := cCurr - aCurr
		aNext := coRankCircular(cNext,
			AS, minimal(tileSize, ALength-AConsumed),
			BS, minimal(tileSize, BLength-BConsumed),
			ASStart, BSStart, tileSize)
		bNext := cNext - aNext
		circularBufferMergeCore(AS, aNext-aCurr,
			BS, bNext-bCurr, C[CCurr+CCompleted+cCurr:],
			ASStart+aCurr, BSStart+bCurr, tileSize)
		counter++
		ASConsumed = coRankCircular(minimal(tileSize, CLength-CCompleted),
			AS, minimal(tileSize, ALength-AConsumed),
			BS, minimal(tileSize, BLength-BConsumed),
			ASStart, BSStart, tileSize)
		BSConsumed = minimal(tileSize, CLength-CCompleted) - ASConsumed
		AConsumed += ASConsumed
		CCompleted += minimal(tileSize, CLength-CCompleted)
		BConsumed = CCompleted - AConsumed
		ASStart = ASStart + ASConsumed

		if ASStart >= tileSize {
			ASStart = ASStart - tileSize
		}
		BSStart = BSStart + BSConsumed

		if BSStart >= tileSize {
			BSStart = BSStart - tileSize
		}
		t.SyncThreads()
	}
}
