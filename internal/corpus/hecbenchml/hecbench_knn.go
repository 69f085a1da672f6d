package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's knn benchmark (zjin-lcf/HeCBench at f27000a,
// src/knn-cuda/main.cu, Garcia et al.'s kNN-CUDA as Choy modified it):
// cuComputeDistanceGlobal (16×16 shared tiles of both point sets, two
// barriers a step), cuInsertionSort (a thread a query column) and
// cuParallelSqrt.

// knnBlockDim is main.cu's BLOCK_DIM.
const knnBlockDim = 16

// CuComputeDistanceGlobalKernel is cuComputeDistanceGlobal of knn-cuda:
// AB[i][j] is the squared distance between point i of A (wA points of
// dim coordinates, column-major) and point j of B.
//
//gocuda:kernel CuComputeDistanceGlobalKernel
func cuComputeDistanceGlobalKernel(t *gocuda.Thread, A []float32, wA int, B []float32, wB, dim int, AB []float32) {
	// Declaration of the shared memory arrays As and Bs used to store the
	// sub-matrix of A and B
	sharedA := gocuda.Shared[[knnBlockDim]float32](t, knnBlockDim)
	sharedB := gocuda.Shared[[knnBlockDim]float32](t, knnBlockDim)

	// Sub-matrix of A (begin, step, end) and Sub-matrix of B (begin, step)
	var beginA, beginB, stepA, stepB, endA int

	// Thread index
	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y

	// Other variables
	var tmp float32
	ssd := float32(0)

	// Loop parameters
	beginA = knnBlockDim * t.BlockIdx.Y
	beginB = knnBlockDim * t.BlockIdx.X
	stepA = knnBlockDim * wA
	stepB = knnBlockDim * wB
	endA = beginA + (dim-1)*wA

	// Conditions
	cond0 := beginA+tx < wA // used to write in shared memory
	cond1 := beginB+tx < wB // used to write in shared memory & to
	// computations and to write in output matrix
	cond2 := beginA+ty < wA // used to computations and to write in output matrix

	// Loop over all the sub-matrices of A and B required to compute the block
	// sub-matrix
	for a, b := beginA, beginB; a <= endA; a, b = a+stepA, b+stepB {
		// Load the matrices from device memory to shared memory; each thread loads
		// one element of each matrix
		if a/wA+ty < dim {
			if cond0 {
				sharedA[ty][tx] = A[a+wA*ty+tx]
			} else {
				sharedA[ty][tx] = 0
			}
			if cond1 {
				sharedB[ty][tx] = B[b+wB*ty+tx]
			} else {
				sharedB[ty][tx] = 0
			}
		} else {
			sharedA[ty][tx] = 0
			sharedB[ty][tx] = 0
		}

		// Synchronize to make sure the matrices are loaded
		t.SyncThreads()

		// Compute the difference between the two matrixes; each thread computes one
		// element of the block sub-matrix
		if cond2 && cond1 {
			for k := 0; k < knnBlockDim; k++ {
				tmp = sharedA[k][ty] - sharedB[k][tx]
				ssd += tmp * tmp
			}
		}

		// Synchronize to make sure that the preceding computation is done before
		// loading two new sub-matrices of A and B in the next iteration
		t.SyncThreads()
	}

	// Write the block sub-matrix to device memory; each thread writes one element
	if cond2 && cond1 {
		AB[(beginA+ty)*wB+beginB+tx] = ssd
	}
}

// CuInsertionSortKernel is cuInsertionSort of knn-cuda: thread x sorts
// the k smallest distances of column x of dist (width columns, height
// rows) into its first k rows, their row indices into ind.
//
//gocuda:kernel CuInsertionSortKernel
func cuInsertionSortKernel(t *gocuda.Thread, dist []float32, ind []int32, width, height, k int) {
	// Variables
	var l, i, j int
	var pDist []float32
	var pInd []int32
	var currDist, maxDist float32
	var currRow, maxRow int
	xIndex := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	if xIndex < uint32(width) {
		// Pointer shift, initialization, and max value
		pDist = dist[xIndex:]
		pInd = ind[xIndex:]
		maxDist = pDist[0]
		pInd[0] = 0

		// Part 1 : sort kth firt elementZ
		for l = 1; l < k; l++ {
			currRow = l * width
			currDist = pDist[currRow]
			if currDist < maxDist {
				i = l - 1
				for a := 0; a < l-1; a++ {
					if pDist[a*width] > currDist {
						i = a
						break
					}
				}
				for j = l; j > i; j-- {
					pDist[j*width] = pDist[(j-1)*width]
					pInd[j*width] = pInd[(j-1)*width]
				}
				pDist[i*width] = currDist
				pInd[i*width] = int32(l)
			} else {
				pInd[l*width] = int32(l)
			}
			maxDist = pDist[currRow]
		}

		// Part 2 : insert element in the k-th first lines
		maxRow = (k - 1) * width
		for l = k; l < height; l++ {
			currDist = pDist[l*width]
			if currDist < maxDist {
				i = k - 1
				for a := 0; a < k-1; a++ {
					if pDist[a*width] > currDist {
						i = a
						break
					}
				}
				for j = k - 1; j > i; j-- {
					pDist[j*width] = pDist[(j-1)*width]
					pInd[j*width] = pInd[(j-1)*width]
				}
				pDist[i*width] = currDist
				pInd[i*width] = int32(l)
				maxDist = pDist[maxRow]
			}
		}
	}
}

// CuParallelSqrtKernel is cuParallelSqrt of knn-cuda: the square root of
// the first k rows of dist.
//
//gocuda:kernel CuParallelSqrtKernel
func cuParallelSqrtKernel(t *gocuda.Thread, dist []float32, width, k int) {
	xIndex := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	yIndex := uint32(t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y)
	if xIndex < uint32(width) && yIndex < uint32(k) {
		dist[yIndex*uint32(width)+xIndex] = sqrtf(dist[yIndex*uint32(width)+xIndex])
	}
}
