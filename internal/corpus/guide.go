package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file holds the example kernels of the CUDA C++ Programming Guide
// (NVIDIA), ported from the Guide's text: the programming-model chapter's
// VecAdd and MatAdd, the shared-memory section's matrix multiplications,
// and the warp shuffle functions' examples.

// guideN is the Guide's compile-time matrix size N for MatAdd.
const guideN = 24

// GuideVecAddKernel is VecAdd of the Guide's "Kernels" section (Chapter
// 2, Programming Model): C = A + B, one block, one thread per element.
//
//gocuda:kernel GuideVecAddKernel
func guideVecAdd(t *gocuda.Thread, a, b, c []float32) {
	i := t.ThreadIdx.X
	c[i] = a[i] + b[i]
}

// GuideMatAddKernel is the first MatAdd of the Guide's "Thread Hierarchy"
// section: an N×N matrix sum by one block of N×N threads.
//
//gocuda:kernel GuideMatAddKernel
func guideMatAdd(t *gocuda.Thread, a, b, c *[guideN][guideN]float32) {
	i := t.ThreadIdx.X
	j := t.ThreadIdx.Y
	c[i][j] = a[i][j] + b[i][j]
}

// GuideMatAddBlocksKernel is the second MatAdd of the Guide's "Thread
// Hierarchy" section: the same over a grid of 16×16 blocks, threads
// outside the matrix doing nothing.
//
//gocuda:kernel GuideMatAddBlocksKernel
func guideMatAddBlocks(t *gocuda.Thread, a, b, c *[guideN][guideN]float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < guideN && j < guideN {
		c[i][j] = a[i][j] + b[i][j]
	}
}

// guideBlockSize is the Guide's BLOCK_SIZE for the matrix products.
const guideBlockSize = 16

// guideMatrix is the Guide's Matrix: row-major elements with a row
// stride (the first MatMulKernel's has no stride; it reads Width).
type guideMatrix struct {
	Width, Height, Stride int
	Elements              []float32
}

// GuideMatMulKernel is the first MatMulKernel of the Guide's "Shared
// Memory" section (Chapter 3): C = A·B without shared memory, a thread
// per element of C. Dimensions are multiples of BLOCK_SIZE.
//
//gocuda:kernel GuideMatMulKernel
func guideMatMul(t *gocuda.Thread, a, b, c guideMatrix) {
	// Each thread computes one element of C by accumulating results into Cvalue
	var cValue float32
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for e := 0; e < a.Width; e++ {
		cValue += a.Elements[row*a.Width+e] * b.Elements[e*b.Width+col]
	}
	c.Elements[row*c.Width+col] = cValue
}

// getElement, setElement and getSubMatrix are the Guide's __device__
// helpers of the shared-memory MatMulKernel.
func getElement(a guideMatrix, row, col int) float32 { return a.Elements[row*a.Stride+col] }

func setElement(a guideMatrix, row, col int, value float32) { a.Elements[row*a.Stride+col] = value }

func getSubMatrix(a guideMatrix, row, col int) guideMatrix {
	var aSub guideMatrix
	aSub.Width = guideBlockSize
	aSub.Height = guideBlockSize
	aSub.Stride = a.Stride
	aSub.Elements = a.Elements[a.Stride*guideBlockSize*row+guideBlockSize*col:]
	return aSub
}

// GuideMatMulSharedKernel is the second MatMulKernel of the Guide's
// "Shared Memory" section: each block computes a BLOCK_SIZE×BLOCK_SIZE
// sub-matrix of C through sub-matrices of A and B loaded into shared
// memory (declared inside the loop), with the Guide's GetSubMatrix,
// GetElement and SetElement.
//
//gocuda:kernel GuideMatMulSharedKernel
func guideMatMulShared(t *gocuda.Thread, a, b, c guideMatrix) {
	// Block row and column
	blockRow := t.BlockIdx.Y
	blockCol := t.BlockIdx.X

	// Each thread block computes one sub-matrix Csub of C
	cSub := getSubMatrix(c, blockRow, blockCol)

	// Each thread computes one element of Csub by accumulating results into Cvalue
	var cValue float32

	// Thread row and column within Csub
	row := t.ThreadIdx.Y
	col := t.ThreadIdx.X

	// Loop over all the sub-matrices of A and B that are required to compute Csub
	for m := 0; m < (a.Width / guideBlockSize); m++ {
		// Get sub-matrix Asub of A and Bsub of B
		aSub := getSubMatrix(a, blockRow, m)
		bSub := getSubMatrix(b, m, blockCol)

		// Shared memory used to store Asub and Bsub respectively
		as := gocuda.Shared[[guideBlockSize]float32](t, guideBlockSize)
		bs := gocuda.Shared[[guideBlockSize]float32](t, guideBlockSize)

		// Each thread loads one element of each sub-matrix
		as[row][col] = getElement(aSub, row, col)
		bs[row][col] = getElement(bSub, row, col)

		// Synchronize to make sure the sub-matrices are loaded
		t.SyncThreads()

		// Multiply Asub and Bsub together
		for e := 0; e < guideBlockSize; e++ {
			cValue += as[row][e] * bs[e][col]
		}

		// Synchronize to make sure that the preceding computation is done
		// before loading two new sub-matrices of A and B
		t.SyncThreads()
	}

	// Write Csub to device memory
	setElement(cSub, row, col, cValue)
}

// GuideBcastKernel is bcast of the Guide's "Warp Shuffle Functions"
// examples (broadcast of a single value across a warp): lane 0's value
// reaches every lane through __shfl_sync; a lane that gets another value
// prints a failure.
//
//gocuda:kernel GuideBcastKernel
func guideBcast(t *gocuda.Thread, arg int32) {
	laneID := t.ThreadIdx.X & 0x1f
	var value int32
	if laneID == 0 { // Note unused variable for all threads except lane 0
		value = arg
	}
	value = gocuda.ShflSync(t, 0xffffffff, value, 0, gocuda.WarpSize) // Synchronize all threads in warp, and get "value" from lane 0
	if value != arg {
		t.Printf("Thread %d failed.\n", t.ThreadIdx.X)
	}
}

// GuideScan4Kernel is scan4 of the Guide's warp shuffle examples
// (inclusive plus-scan across sub-partitions of 8 threads), which keeps
// its result in a register; here each thread also stores it in out.
//
//gocuda:kernel GuideScan4Kernel
func guideScan4(t *gocuda.Thread, out []int32) {
	laneID := t.ThreadIdx.X & 0x1f
	// Seed sample starting value (inverse of lane ID)
	value := int32(31 - laneID)

	// Loop to accumulate scan within my partition.
	for i := 1; i <= 4; i *= 2 {
		// We do the __shfl_sync unconditionally so that we can read even
		// from threads which won't do a sum, and then conditionally
		// assign the result.
		n := gocuda.ShflUpSync(t, 0xffffffff, value, i, 8)
		if (laneID & 7) >= i {
			value += n
		}
	}

	out[t.ThreadIdx.X] = value
}

// GuideWarpReduceKernel is warpReduce of the Guide's warp shuffle
// examples (reduction across a warp): a butterfly of __shfl_xor_sync, each
// lane printing the warp's sum.
//
//gocuda:kernel GuideWarpReduceKernel
func guideWarpReduce(t *gocuda.Thread) {
	laneID := t.ThreadIdx.X & 0x1f
	// Seed starting value as inverse lane ID
	value := int32(31 - laneID)

	// Use XOR mode to perform butterfly reduction
	for i := 16; i >= 1; i /= 2 {
		value += gocuda.ShflXorSync(t, 0xffffffff, value, i, 32)
	}

	// "value" now contains the sum across all threads
	t.Printf("Thread %d final value = %d\n", t.ThreadIdx.X, value)
}
