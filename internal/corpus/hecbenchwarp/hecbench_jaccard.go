package hecbenchwarp

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's jaccard benchmark (zjin-lcf/HeCBench at
// f27000a, src/jaccard-cuda/main.cu, after NVIDIA's nvGRAPH): Jaccard
// weights of the edges of a CSR graph. The kernels are templates over
// bool weighted and the value type T; weighted is an argument here and T a
// type parameter. jaccard_row_sum computes each row's volume through
// parallel_prefix_sum (a 16-lane shuffle scan), jaccard_is and
// jaccard_is_opt the volumes of intersections (a binary search a thread,
// or a two-pointer merge in thread x = 0), jaccard_jw the weights and fill
// initializes an array.

// jaccardReal is the value types the templates are instantiated with.
type jaccardReal interface{ ~float32 | ~float64 }

// jaccardMask is main.cu's mask.
const jaccardMask = 0xFFFFFFFF

// parallelPrefixSum is parallel_prefix_sum of jaccard-cuda: the sum of
// w[ind[i]] for i < n, a blockDim.x-lane inclusive scan by __shfl_up_sync
// per stretch of blockDim.x elements, the stretches chained through the
// last lane's sum; every lane returns the total.
func parallelPrefixSum[T jaccardReal](t *gocuda.Thread, n int32, ind []int32, w []T) T {
	sum := T(0.0)
	var last T
	mn := ((n + int32(t.BlockDim.X) - 1) / int32(t.BlockDim.X)) * int32(t.BlockDim.X) //n in multiple of blockDim.x
	for i := int32(t.ThreadIdx.X); i < mn; i += int32(t.BlockDim.X) {
		//All threads (especially the last one) must always participate
		//in the shfl instruction, otherwise their sum will be undefined.
		//So, the loop stopping condition is based on multiple of n in loop increments,
		//so that all threads enter into the loop and inside we make sure we do not
		//read out of bounds memory checking for the actual size n.

		//check if the thread is valid
		valid := i < n

		//Notice that the last thread is used to propagate the prefix sum.
		//For all the threads, in the first iteration the last is 0, in the following
		//iterations it is the value at the last thread of the previous iterations.

		//get the value of the last thread
		last = gocuda.ShflSync(t, jaccardMask, sum, t.BlockDim.X-1, t.BlockDim.X)

		//if you are valid read the value from memory, otherwise set your value to 0
		if valid {
			sum = w[ind[i]]
		} else {
			sum = 0.0
		}

		//do prefix sum (of size warpSize=blockDim.x =< 32)
		for j := 1; j < t.BlockDim.X; j *= 2 {
			v := gocuda.ShflUpSync(t, jaccardMask, sum, j, t.BlockDim.X)
			if t.ThreadIdx.X >= j {
				sum += v
			}
		}
		//shift by last
		sum += last
		//notice that no __threadfence or __syncthreads are needed in this implementation
	}
	//get the value of the last thread (to all threads)
	last = gocuda.ShflSync(t, jaccardMask, sum, t.BlockDim.X-1, t.BlockDim.X)

	return last
}

// JaccardRowSumKernel is jaccard_row_sum<weighted, T> of jaccard-cuda: the
// volume of each row's neighbours, rows by y, the lanes of x scanning.
//
//gocuda:kernel JaccardRowSumKernel
func jaccardRowSumKernel[T jaccardReal](t *gocuda.Thread, weighted bool, n int32, csrPtr, csrInd []int32, w, work []T) {
	for row := int32(t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y); row < n; row += int32(t.GridDim.Y * t.BlockDim.Y) {
		start := csrPtr[row]
		end := csrPtr[row+1]
		length := end - start

		//compute row sums
		if weighted {
			sum := parallelPrefixSum(t, length, csrInd[start:], w)
			if t.ThreadIdx.X == 0 {
				work[row] = sum
			}
		} else {
			work[row] = T(length)
		}
	}
}

// JaccardIsKernel is jaccard_is<weighted, T> of jaccard-cuda: for each
// edge (row, col), rows by z and edges by y, the lanes of x take the
// elements of the shorter row and binary-search each in the other,
// adding the weights of the matches to weight_i[j] by atomicAdd.
//
//gocuda:kernel JaccardIsKernel
func jaccardIsKernel[T jaccardReal](t *gocuda.Thread, weighted bool, n, e int32, csrPtr, csrInd []int32, v, work, weightI, weightS []T) {
	for row := int32(t.ThreadIdx.Z + t.BlockIdx.Z*t.BlockDim.Z); row < n; row += int32(t.GridDim.Z * t.BlockDim.Z) {
		for j := csrPtr[row] + int32(t.ThreadIdx.Y+t.BlockIdx.Y*t.BlockDim.Y); j < csrPtr[row+1]; j += int32(t.GridDim.Y * t.BlockDim.Y) {
			col := csrInd[j]
			//find which row has least elements (and call it reference row)
			Ni := csrPtr[row+1] - csrPtr[row]
			Nj := csrPtr[col+1] - csrPtr[col]
			var ref, cur int32
			if Ni < Nj {
				ref, cur = row, col
			} else {
				ref, cur = col, row
			}

			//compute new sum weights
			weightS[j] = work[row] + work[col]

			//compute new intersection weights
			//search for the element with the same column index in the reference row
			for i := csrPtr[ref] + int32(t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X); i < csrPtr[ref+1]; i += int32(t.GridDim.X * t.BlockDim.X) {
				match := int32(-1)
				refCol := csrInd[i]
				var refVal T
				if weighted {
					refVal = v[refCol]
				} else {
					refVal = T(1.0)
				}

				//binary search (column indices are sorted within each row)
				left := csrPtr[cur]
				right := csrPtr[cur+1] - 1
				for left <= right {
					middle := (left + right) >> 1
					curCol := csrInd[middle]
					if curCol > refCol {
						right = middle - 1
					} else if curCol < refCol {
						left = middle + 1
					} else {
						match = middle
						break
					}
				}

				//if the element with the same column index in the reference row has been found
				if match != -1 {
					atomic.Add(&weightI[j], refVal)
				}
			}
		}
	}
}

// JaccardIsOptKernel is jaccard_is_opt<weighted, T> of jaccard-cuda (after
// SPEAR-UIC's CodeGreen): as jaccard_is, but thread x = 0 merges the two
// sorted rows and adds the sum by one atomicAdd.
//
//gocuda:kernel JaccardIsOptKernel
func jaccardIsOptKernel[T jaccardReal](t *gocuda.Thread, weighted bool, n, e int32, csrPtr, csrInd []int32, v, work, weightI, weightS []T) {
	for row := int32(t.ThreadIdx.Z + t.BlockIdx.Z*t.BlockDim.Z); row < n; row += int32(t.GridDim.Z * t.BlockDim.Z) {
		for j := csrPtr[row] + int32(t.ThreadIdx.Y+t.BlockIdx.Y*t.BlockDim.Y); j < csrPtr[row+1]; j += int32(t.GridDim.Y * t.BlockDim.Y) {
			col := csrInd[j]
			//find which row has least elements (and call it reference row)
			Ni := csrPtr[row+1] - csrPtr[row]
			Nj := csrPtr[col+1] - csrPtr[col]
			var ref, cur int32
			if Ni < Nj {
				ref, cur = row, col
			} else {
				ref, cur = col, row
			}

			//compute new sum weights
			weightS[j] = work[row] + work[col]

			//compute new intersection weights
			//search for the element with the same column index in the reference row
			if t.ThreadIdx.X == 0 {
				localSum := T(0)
				iPtr := csrPtr[ref] // pointer in reference row
				jPtr := csrPtr[cur] // pointer in current row
				refEnd := csrPtr[ref+1]
				curEnd := csrPtr[cur+1]

				// Two-pointer merge for intersection of the two sorted lists
				for iPtr < refEnd && jPtr < curEnd {
					refCol := csrInd[iPtr]
					curCol := csrInd[jPtr]

					if refCol == curCol {
						var refVal T
						if weighted {
							refVal = v[refCol]
						} else {
							refVal = T(1.0)
						}
						localSum += refVal
						iPtr++
						jPtr++
					} else if refCol < curCol {
						iPtr++
					} else {
						jPtr++
					}
				}

				// perform a single atomic update per this j index
				if localSum != 0 {
					atomic.Add(&weightI[j], localSum)
				}
			}
		}
	}
}

// JaccardJwKernel is jaccard_jw<weighted, T> of jaccard-cuda: the Jaccard
// weight of each edge, gamma·csrVal·Wi/(Ws−Wi), a grid-stride loop.
//
//gocuda:kernel JaccardJwKernel
func jaccardJwKernel[T jaccardReal](t *gocuda.Thread, weighted bool, e int32, csrVal []T, gamma T, weightI, weightS, weightJ []T) {
	for j := int32(t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X); j < e; j += int32(t.GridDim.X * t.BlockDim.X) {
		Wi := weightI[j]
		Ws := weightS[j]
		weightJ[j] = (gamma * csrVal[j]) * (Wi / (Ws - Wi))
	}
}

// JaccardFillKernel is fill<weighted, T> of jaccard-cuda: w[j] is
// (j+1)/e when weighted, value otherwise.
//
//gocuda:kernel JaccardFillKernel
func jaccardFillKernel[T jaccardReal](t *gocuda.Thread, weighted bool, e int32, w []T, value T) {
	for j := int32(t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X); j < e; j += int32(t.GridDim.X * t.BlockDim.X) {
		// e.g. w[0] is the weight of a non-zeron element when csr_ind[i] equals 0.
		// So multiple non-zero elements on different rows of a matrix may share
		// the same weight value
		if weighted {
			w[j] = T(j+1) / T(e)
		} else {
			w[j] = value
		}
	}
}
