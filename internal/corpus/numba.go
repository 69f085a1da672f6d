package corpus

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the CUDA examples of Numba's documentation
// (numba/numba, numba/cuda/tests/doc_examples), Python kernels
// translated as CUDA C would be: cuda.grid(1) is
// blockIdx.x*blockDim.x+threadIdx.x, cuda.grid(2) its x and y pair,
// cuda.shared.array a gocuda.Shared array, a C-ordered 2-D array a slice
// with its shape. NumPy's default float64 and int64 stay float64 and
// int64; the shared arrays keep the dtypes the examples give them.

// NumbaVecAddKernel is f of test_vecadd.py: c = a + b.
//
//gocuda:kernel NumbaVecAddKernel
func numbaVecAdd(t *gocuda.Thread, a, b, c []float64) {
	// like threadIdx.x + (blockIdx.x * blockDim.x)
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	size := len(c)

	if tid < size {
		c[tid] = a[tid] + b[tid]
	}
}

// NumbaMatmulKernel is matmul of test_matmul.py: C = A·B, a thread per
// element, i from the x index and j from the y index.
//
//gocuda:kernel NumbaMatmulKernel
func numbaMatmul(t *gocuda.Thread, a []float64, aRows, aCols int, b []float64, bCols int, c []float64, cRows, cCols int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < cRows && j < cCols {
		tmp := 0.
		for k := 0; k < aCols; k++ {
			tmp += a[i*aCols+k] * b[k*bCols+j]
		}
		c[i*cCols+j] = tmp
	}
}

// numbaTPB is test_matmul.py's TPB.
const numbaTPB = 16

// NumbaFastMatmulKernel is fast_matmul of test_matmul.py: C = A·B through
// TPB×TPB float32 tiles in shared memory, one pass per block of the grid's
// x dimension (bpg), zero-padded at the edges, x the column and y the row.
//
//gocuda:kernel NumbaFastMatmulKernel
func numbaFastMatmul(t *gocuda.Thread, a []float64, aRows, aCols int, b []float64, bRows, bCols int, c []float64, cRows, cCols int) {
	// Define an array in the shared memory
	sA := gocuda.Shared[[numbaTPB]float32](t, numbaTPB)
	sB := gocuda.Shared[[numbaTPB]float32](t, numbaTPB)

	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y
	bpg := t.GridDim.X // blocks per grid

	// Each thread computes one element in the result matrix.
	var tmp float32 = 0.
	for i := range bpg {
		// Preload data into shared memory
		sA[ty][tx] = 0
		sB[ty][tx] = 0
		if y < aRows && (tx+i*numbaTPB) < aCols {
			sA[ty][tx] = float32(a[y*aCols+tx+i*numbaTPB])
		}
		if x < bCols && (ty+i*numbaTPB) < bRows {
			sB[ty][tx] = float32(b[(ty+i*numbaTPB)*bCols+x])
		}

		// Wait until all threads finish preloading
		t.SyncThreads()

		// Computes partial product on the shared memory
		for j := range numbaTPB {
			tmp += sA[ty][j] * sB[j][tx]
		}

		// Wait until all threads finish computing
		t.SyncThreads()
	}
	if y < cRows && x < cCols {
		c[y*cCols+x] = float64(tmp)
	}
}

// NumbaArraySumKernel is array_sum of test_reduction.py: an interleaved
// tree (tid % (2*s)) through an int32 shared array of nelem, all of it,
// barriers included, inside "if tid < size"; thread 0 writes the block's
// sum to data[0]. The example launches one block of len(data) threads.
//
//gocuda:kernel NumbaArraySumKernel
func numbaArraySum(t *gocuda.Thread, data []int64, nelem int) {
	tid := t.ThreadIdx.X
	size := len(data)
	if tid < size {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

		// declare an array in shared memory
		shr := gocuda.Shared[int32](t, nelem)
		shr[tid] = int32(data[i])

		// make sure every thread has written its value to shared memory
		// before we start reducing
		t.SyncThreads()

		s := 1
		for s < t.BlockDim.X {
			if tid%(2*s) == 0 {
				// stride by `s` and add
				shr[tid] += shr[tid+s]
			}
			s *= 2
			t.SyncThreads()
		}

		// after the loop, the zeroth element contains the sum
		if tid == 0 {
			data[tid] = int64(shr[tid])
		}
	}
}

// NumbaMaxReduceKernel is max_reduce_kernel of test_parallel_max.py: each
// block's maximum by a halving tree in a float32 shared array of 1024,
// threads past the input holding -inf.
//
//gocuda:kernel NumbaMaxReduceKernel
func numbaMaxReduce(t *gocuda.Thread, inputArray, outputArray []float32) {
	// Shared memory to store partial results within a block
	temp := gocuda.Shared[float32](t, 1024)

	tx := t.ThreadIdx.X
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	blockSize := t.BlockDim.X

	// Initialize shared memory
	if tid < len(inputArray) {
		temp[tx] = inputArray[tid]
	} else {
		temp[tx] = float32(math.Inf(-1)) // negative infinity for non-data elements
	}

	t.SyncThreads()

	// Reduction in shared memory
	s := blockSize / 2
	for s > 0 {
		if tx < s && tid < len(inputArray) {
			temp[tx] = max(temp[tx], temp[tx+s])
		}
		t.SyncThreads()
		s /= 2
	}

	// Write the result for this block to global memory
	if tx == 0 {
		outputArray[t.BlockIdx.X] = temp[0]
	}
}

// NumbaSolveHeatEquationKernel is solve_heat_equation of test_laplace.py:
// explicit steps of the 1-D heat equation alternating between two
// buffers, each step closed by a grid-wide sync; threads outside the
// domain return first. Launch it cooperatively.
//
//gocuda:kernel NumbaSolveHeatEquationKernel
func numbaSolveHeatEquation(t *gocuda.Thread, buf0, buf1 []float64, timesteps int, k float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	// Don't continue if our index is outside the domain
	if i >= len(buf0) {
		return
	}

	// Prepare to do a grid-wide synchronization later
	grid := cg.ThisGrid(t)

	for step := range timesteps {
		// Select the buffer from the previous timestep
		var data, nextData []float64
		if step%2 == 0 {
			data = buf0
			nextData = buf1
		} else {
			data = buf1
			nextData = buf0
		}

		// Get the current temperature associated with this point
		currTemp := data[i]

		// Apply formula from finite difference equation
		var nextTemp float64
		if i == 0 {
			// Left wall is held at T = 0
			nextTemp = currTemp + k*(data[i+1]-(2*currTemp))
		} else if i == len(data)-1 {
			// Right wall is held at T = 0
			nextTemp = currTemp + k*(data[i-1]-(2*currTemp))
		} else {
			// Interior points are a weighted average of their neighbors
			nextTemp = currTemp + k*(data[i-1]-(2*currTemp)+data[i+1])
		}

		// Write new value to the next buffer
		nextData[i] = nextTemp

		// Wait for every thread to write before moving on
		grid.Sync()
	}
}
