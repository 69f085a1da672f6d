package teaching

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds chapters 8, 10 and 12 of "Programming Massively Parallel
// Processors" (3rd edition) as
// nvixnu/pmpp__programming_massively_parallel_processors implements them:
// ch8__full_prefix_sum.cu's section increments (the last step of the
// hierarchical scan), ch10__spmv.cu's CSR and ELL sparse matrix-vector
// products, and ch12__bfs.cu's breadth-first search with a block-level
// queue in shared memory.

// IncrementSectionKernel is ch8__increment_section: each element of block
// b > 0 gets the scan total of the blocks before it, base[b-1].
//
//gocuda:kernel IncrementSectionKernel
func incrementSectionKernel(t *gocuda.Thread, base []float64, output []float64, length int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if tid < length && t.BlockIdx.X > 0 {
		output[tid] += base[t.BlockIdx.X-1]
	}
}

// ThreePhaseIncrementSectionKernel is ch8__3_phase_increment_section: the
// same for sections of section_length elements, several per thread.
//
//gocuda:kernel ThreePhaseIncrementSectionKernel
func threePhaseIncrementSectionKernel(t *gocuda.Thread, base []float64, output []float64, length int, sectionLength int) {
	phasesCount := int(math.Ceil(float64(sectionLength) / float64(t.BlockDim.X)))

	for i := 0; i < phasesCount; i++ {
		inputIndex := t.BlockIdx.X*sectionLength + i*t.BlockDim.X + t.ThreadIdx.X
		if inputIndex < length && t.BlockIdx.X > 0 {
			output[inputIndex] += base[t.BlockIdx.X-1]
		}
	}
}

// EllSpmvKernel is ch10__ell_spmv_kernel: y += M·v, M in ELL form
// (column-major, num_cols entries per row); the dot product is a float.
//
//gocuda:kernel EllSpmvKernel
func ellSpmvKernel(t *gocuda.Thread, mData []float64, mColIndex []int32, numCols int, numRows int, v []float64, y []float64) {
	row := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row < numRows {
		dot := float32(0)
		for col := 0; col < numCols; col++ {
			dot = float32(float64(dot) + mData[col*numRows+row]*v[mColIndex[col*numRows+row]])
		}
		y[row] += float64(dot)
	}
}

// CsrSpmvKernel is ch10__csr_spmv_kernel: y += M·v, M in CSR form.
//
//gocuda:kernel CsrSpmvKernel
func csrSpmvKernel(t *gocuda.Thread, mData []float64, mColIndex []int32, mRowPtr []int32, numRows int, v []float64, y []float64) {
	row := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row < numRows {
		dot := float32(0)
		rowStart := int(mRowPtr[row])
		rowEnd := int(mRowPtr[row+1])
		for elem := rowStart; elem < rowEnd; elem++ {
			dot = float32(float64(dot) + mData[elem]*v[mColIndex[elem]])
		}
		y[row] += float64(dot)
	}
}

// BfsKernel is ch12__bfs_kernel: one level of a breadth-first search. Each
// thread expands one vertex of the previous frontier; newly visited
// vertices go to the block's queue in shared memory (dynamic, at least
// block_queue_length entries) or, when it is full, straight to the global
// frontier, and the block then copies its queue out at an offset claimed
// with one atomic.
//
//gocuda:kernel BfsKernel
func bfsKernel(t *gocuda.Thread, pFrontier []int32, pFrontierTail *int32, cFrontier []int32, cFrontierTail *int32, edges, dest, label, visited []int32, blockQueueLength int, src int) {
	cFrontierS := gocuda.DynamicShared[uint32](t)
	cFrontierTailS := gocuda.Shared[uint32](t, 1)
	ourCFrontierTail := gocuda.Shared[uint32](t, 1)

	if t.ThreadIdx.X == 0 {
		cFrontierTailS[0] = 0
	}
	t.SyncThreads()
	tid := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if tid < uint32(*pFrontierTail) {
		myVertex := uint32(pFrontier[tid])
		for i := uint32(edges[myVertex]); i < uint32(edges[myVertex+1]); i++ {
			wasVisited := uint32(atomic.Exch(&visited[dest[i]], 1))
			if wasVisited == 0 {
				label[dest[i]] = label[myVertex] + 1
				myTail := atomic.Add(&cFrontierTailS[0], 1)
				if myTail < uint32(blockQueueLength) {
					cFrontierS[myTail] = uint32(dest[i])
				} else {
					cFrontierTailS[0] = uint32(blockQueueLength)
					myGlobalTail := uint32(atomic.Add(cFrontierTail, 1))
					cFrontier[myGlobalTail] = dest[i]
				}
			}
		}
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		ourCFrontierTail[0] = uint32(atomic.Add(cFrontierTail, int32(cFrontierTailS[0])))
		label[src] = 0
	}
	t.SyncThreads()
	for i := uint32(t.ThreadIdx.X); i < cFrontierTailS[0]; i += uint32(t.BlockDim.X) {
		cFrontier[ourCFrontierTail[0]+i] = int32(cFrontierS[i])
	}
}

// FrontierExchangeKernel is ch12__frontier_exchange, launched with one
// thread between levels: the new frontier's tail becomes the previous
// one's, and the new one empties.
//
//gocuda:kernel FrontierExchangeKernel
func frontierExchangeKernel(t *gocuda.Thread, pFrontierTail *int32, cFrontierTail *int32) {
	*pFrontierTail = *cFrontierTail
	*cFrontierTail = 0
}
