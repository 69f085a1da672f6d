package corpus

import (
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds kernels of NVIDIA/cuda-samples, Samples/0_Introduction.

// VectorAddKernel is vectorAdd of NVIDIA/cuda-samples,
// Samples/0_Introduction/vectorAdd/vectorAdd.cu: C[i] = A[i] + B[i] for
// the numElements first elements, one thread each.
//
//gocuda:kernel VectorAddKernel
func vectorAdd(t *gocuda.Thread, a, b, c []float32, numElements int) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	if i < numElements {
		c[i] = a[i] + b[i] + 0.0
	}
}

// matrixMulBlock is the BLOCK_SIZE template argument of MatrixMulCUDA, as
// the sample instantiates it for block_size 16.
const matrixMulBlock = 16

// MatrixMulKernel is MatrixMulCUDA<16> of NVIDIA/cuda-samples,
// Samples/0_Introduction/matrixMul/matrixMul.cu: C = A·B through
// BLOCK_SIZE×BLOCK_SIZE tiles of A and B in shared memory, declared inside
// the loop over the tiles, with a barrier after loading and one after
// multiplying. wA and wB are the widths of A and B, multiples of the block
// size, as are A's height; launch it with 16×16 blocks over C.
//
//gocuda:kernel MatrixMulKernel
func matrixMulCUDA(t *gocuda.Thread, c, a, b []float32, wA, wB int) {
	// Block index
	bx := t.BlockIdx.X
	by := t.BlockIdx.Y

	// Thread index
	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y

	// Index of the first sub-matrix of A processed by the block
	aBegin := wA * matrixMulBlock * by
	// Index of the last sub-matrix of A processed by the block
	aEnd := aBegin + wA - 1
	// Step size used to iterate through the sub-matrices of A
	aStep := matrixMulBlock
	// Index of the first sub-matrix of B processed by the block
	bBegin := matrixMulBlock * bx
	// Step size used to iterate through the sub-matrices of B
	bStep := matrixMulBlock * wB

	// Csub is the element of the block sub-matrix computed by the thread
	var cSub float32

	for a0, b0 := aBegin, bBegin; a0 <= aEnd; a0, b0 = a0+aStep, b0+bStep {
		as := gocuda.Shared[[matrixMulBlock]float32](t, matrixMulBlock)
		bs := gocuda.Shared[[matrixMulBlock]float32](t, matrixMulBlock)

		// each thread loads one element of each matrix
		as[ty][tx] = a[a0+wA*ty+tx]
		bs[ty][tx] = b[b0+wB*ty+tx]

		t.SyncThreads()

		for k := 0; k < matrixMulBlock; k++ {
			cSub += as[ty][k] * bs[k][tx]
		}

		t.SyncThreads()
	}

	// each thread writes one element of the block sub-matrix
	c0 := wB*matrixMulBlock*by + matrixMulBlock*bx
	c[c0+wB*ty+tx] = cSub
}

// IncrementKernel is increment_kernel of NVIDIA/cuda-samples,
// Samples/0_Introduction/asyncAPI/asyncAPI.cu: every thread adds incValue
// to its element; the grid covers gData exactly.
//
//gocuda:kernel IncrementKernel
func incrementKernel(t *gocuda.Thread, gData []int32, incValue int32) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	gData[idx] = gData[idx] + incValue
}

// TemplateKernel is testKernel of NVIDIA/cuda-samples,
// Samples/0_Introduction/template/template.cu: one block copies its input
// through extern shared memory, multiplying each element by the number of
// threads, with a barrier before and after the multiply. Launch it with
// blockDim.x floats of dynamic shared memory.
//
//gocuda:kernel TemplateKernel
func templateTestKernel(t *gocuda.Thread, gIdata, gOdata []float32) {
	sdata := gocuda.DynamicShared[float32](t)

	tid := t.ThreadIdx.X
	numThreads := t.BlockDim.X

	sdata[tid] = gIdata[tid]
	t.SyncThreads()

	sdata[tid] = float32(numThreads) * sdata[tid]
	t.SyncThreads()

	gOdata[tid] = sdata[tid]
}

// SimpleTemplatesKernel is the template testKernel<T> of
// NVIDIA/cuda-samples, Samples/0_Introduction/simpleTemplates/
// simpleTemplates.cu: TemplateKernel over any number type, its shared
// memory from the sample's SharedMemory<T> (extern shared memory).
//
//gocuda:kernel SimpleTemplatesKernel
func simpleTemplatesTestKernel[T number](t *gocuda.Thread, gIdata, gOdata []T) {
	sdata := gocuda.DynamicShared[T](t)

	tid := t.ThreadIdx.X
	numThreads := t.BlockDim.X

	sdata[tid] = gIdata[tid]
	t.SyncThreads()

	sdata[tid] = T(numThreads) * sdata[tid]
	t.SyncThreads()

	gOdata[tid] = sdata[tid]
}

// VoteAnyKernel1 is VoteAnyKernel1 of NVIDIA/cuda-samples,
// Samples/0_Introduction/simpleVoteIntrinsics/simpleVote_kernel.cuh: each
// thread stores __any_sync over its warp of the inputs.
//
//gocuda:kernel VoteAnyKernel1
func voteAnyKernel1(t *gocuda.Thread, input, result []uint32, size int) {
	tx := t.ThreadIdx.X

	mask := uint32(0xffffffff)
	result[tx] = b2u(t.AnySync(mask, input[tx] != 0))
}

// VoteAllKernel2 is VoteAllKernel2 of the same file: each thread stores
// __all_sync over its warp of the inputs.
//
//gocuda:kernel VoteAllKernel2
func voteAllKernel2(t *gocuda.Thread, input, result []uint32, size int) {
	tx := t.ThreadIdx.X

	mask := uint32(0xffffffff)
	result[tx] = b2u(t.AllSync(mask, input[tx] != 0))
}

// VoteAnyKernel3 is VoteAnyKernel3 of the same file: three flags per
// thread, an __any_sync, the predicate itself and an __all_sync in an if's
// condition.
//
//gocuda:kernel VoteAnyKernel3
func voteAnyKernel3(t *gocuda.Thread, info []bool, warpSize int) {
	tx := t.ThreadIdx.X
	mask := uint32(0xffffffff)
	offs := info[tx*3:]

	// true for the second and third warp
	offs[0] = t.AnySync(mask, tx >= (warpSize*3)/2)
	// true for the upper half of the second warp and all of the third
	offs[1] = tx >= (warpSize*3)/2

	// true for the third warp only
	if t.AllSync(mask, tx >= (warpSize*3)/2) {
		offs[2] = true
	}
}

// b2u is a C bool converted to an unsigned int.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// AtomicIntrinsicsKernel is testKernel of NVIDIA/cuda-samples,
// Samples/0_Introduction/simpleAtomicIntrinsics/
// simpleAtomicIntrinsics_kernel.cuh: every thread applies each of CUDA's
// integer atomics once to its own element of gOdata (11 elements),
// atomicInc and atomicDec through the element's bits as an unsigned int.
//
//gocuda:kernel AtomicIntrinsicsKernel
func atomicIntrinsicsTestKernel(t *gocuda.Thread, gOdata []int32) {
	tid := uint32(t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)

	// Arithmetic atomic instructions
	atomic.Add(&gOdata[0], 10)
	atomic.Sub(&gOdata[1], 10)
	atomic.Exch(&gOdata[2], int32(tid))
	atomic.Max(&gOdata[3], int32(tid))
	atomic.Min(&gOdata[4], int32(tid))
	atomic.Inc((*uint32)(unsafe.Pointer(&gOdata[5])), 17)
	atomic.Dec((*uint32)(unsafe.Pointer(&gOdata[6])), 137)
	atomic.CAS(&gOdata[7], int32(tid-1), int32(tid))

	// Bitwise atomic instructions
	atomic.And(&gOdata[8], int32(2*tid+7))
	atomic.Or(&gOdata[9], int32(1)<<tid)
	atomic.Xor(&gOdata[10], int32(tid))
}

// TimedReductionKernel is timedReduction of NVIDIA/cuda-samples,
// Samples/0_Introduction/clock/clock.cu: each block finds the minimum of
// its 2·blockDim.x inputs by a tree through extern shared memory whose
// barrier opens each step, and thread 0 reads the clock before and after.
// Every block reads the same input, as in the sample. Launch it with
// 2·blockDim.x floats of dynamic shared memory.
//
//gocuda:kernel TimedReductionKernel
func timedReduction(t *gocuda.Thread, input, output []float32, timer []int64) {
	shared := gocuda.DynamicShared[float32](t)

	tid := t.ThreadIdx.X
	bid := t.BlockIdx.X

	if tid == 0 {
		timer[bid] = int64(intrinsic.Clock())
	}

	// Copy input.
	shared[tid] = input[tid]
	shared[tid+t.BlockDim.X] = input[tid+t.BlockDim.X]

	// Perform reduction to find minimum.
	for d := t.BlockDim.X; d > 0; d /= 2 {
		t.SyncThreads()

		if tid < d {
			f0 := shared[tid]
			f1 := shared[tid+d]

			if f1 < f0 {
				shared[tid] = f1
			}
		}
	}

	// Write result.
	if tid == 0 {
		output[bid] = shared[0]
	}

	t.SyncThreads()

	if tid == 0 {
		timer[bid+t.GridDim.X] = int64(intrinsic.Clock())
	}
}

// threadGroup is cooperative groups' thread_group, the type-erased group
// that simpleCooperativeGroups' sumReduction takes.
type threadGroup interface {
	ThreadRank() int
	Size() int
	Sync()
}

// sumReduction is sumReduction of simpleCooperativeGroups.cu: a halving
// tree through x over any group, the group's rank 0 returning the sum and
// the others -1.
func sumReduction(g threadGroup, x []int32, val int32) int32 {
	lane := g.ThreadRank()

	for i := g.Size() / 2; i > 0; i /= 2 {
		x[lane] = val
		g.Sync()
		if lane < i {
			val += x[lane+i]
		}
		g.Sync()
	}

	if g.ThreadRank() == 0 {
		return val
	}
	return -1
}

// CGKernel is cgkernel of NVIDIA/cuda-samples,
// Samples/0_Introduction/simpleCooperativeGroups/simpleCooperativeGroups.cu:
// sumReduction over the whole block and then over each tile of 16 threads
// (thread_group, a type-erased group), thread 0 and each tile's rank 0
// printing their sums. Launch it with blockDim.x ints of dynamic shared
// memory.
//
//gocuda:kernel CGKernel
func cgkernel(t *gocuda.Thread) {
	threadBlockGroup := cg.ThisThreadBlock(t)
	threadBlockGroupSize := threadBlockGroup.Size()

	workspace := gocuda.DynamicShared[int32](t)

	input := int32(threadBlockGroup.ThreadRank())
	expectedOutput := int32((threadBlockGroupSize - 1) * threadBlockGroupSize / 2)
	output := sumReduction(threadBlockGroup, workspace, input)

	if threadBlockGroup.ThreadRank() == 0 {
		t.Printf(" Sum of all ranks 0..%d in threadBlockGroup is %d (expected %d)\n\n",
			threadBlockGroup.Size()-1, output, expectedOutput)
		t.Printf(" Now creating %d groups, each of size 16 threads:\n\n", threadBlockGroup.Size()/16)
	}

	threadBlockGroup.Sync()

	tiledPartition16 := cg.TiledPartition(threadBlockGroup, 16)

	// each group gets its own area of the workspace
	workspaceOffset := threadBlockGroup.ThreadRank() - tiledPartition16.ThreadRank()

	input = int32(tiledPartition16.ThreadRank())
	expectedOutput = 15 * 16 / 2
	output = sumReduction(tiledPartition16, workspace[workspaceOffset:], input)

	if tiledPartition16.ThreadRank() == 0 {
		t.Printf("   Sum of all ranks 0..15 in this tiledPartition16 group is %d (expected %d)\n",
			output, expectedOutput)
	}
}
