package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds the parallel reductions of chapter 3 of "Professional
// CUDA C Programming" (Cheng, Grossman and McKercher, Wrox 2014), as the
// book's code publishes them (deeperlearning/professional-cuda-c-programming
// at ee58310, examples/chapter03/reduceInteger.cu): reduceNeighbored,
// reduceNeighboredLess, reduceInterleaved and reduceUnrolling2, 4 and 8.
// Each sums blockDim.x (times the unrolling factor) ints of g_idata in
// place, in global memory, and writes the block's sum to
// g_odata[blockIdx.x]; the host adds the partial sums. C's int is int32
// and unsigned int uint32; the pointer idata, g_idata advanced to the
// block's first element, is a subslice.

// ReduceNeighboredKernel is reduceNeighbored of reduceInteger.cu: the
// neighbored pair approach, where in step s the threads whose index is a
// multiple of 2s add the element s above theirs. Threads past n return
// before the loop's barriers.
//
//gocuda:kernel ReduceNeighboredKernel
func reduceNeighboredKernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	tid := uint32(t.ThreadIdx.X)
	idx := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	idata := gIdata[t.BlockIdx.X*t.BlockDim.X:]

	if idx >= n {
		return
	}

	for stride := 1; stride < t.BlockDim.X; stride *= 2 {
		if tid%uint32(2*stride) == 0 {
			idata[tid] += idata[tid+uint32(stride)]
		}
		t.SyncThreads()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = idata[0]
	}
}

// ReduceNeighboredLessKernel is reduceNeighboredLess of reduceInteger.cu:
// the same pairs, but thread tid works on element 2·stride·tid, so that
// the working threads are the block's first ones and whole warps idle.
//
//gocuda:kernel ReduceNeighboredLessKernel
func reduceNeighboredLessKernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	tid := uint32(t.ThreadIdx.X)
	idx := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	idata := gIdata[t.BlockIdx.X*t.BlockDim.X:]

	if idx >= n {
		return
	}

	for stride := 1; stride < t.BlockDim.X; stride *= 2 {
		index := 2 * stride * int(tid)
		if index < t.BlockDim.X {
			idata[index] += idata[index+stride]
		}
		t.SyncThreads()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = idata[0]
	}
}

// ReduceInterleavedKernel is reduceInterleaved of reduceInteger.cu: the
// interleaved pair approach, the stride halving from blockDim.x/2 and the
// first stride threads adding the element stride above theirs.
//
//gocuda:kernel ReduceInterleavedKernel
func reduceInterleavedKernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	tid := uint32(t.ThreadIdx.X)
	idx := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)

	idata := gIdata[t.BlockIdx.X*t.BlockDim.X:]

	if idx >= n {
		return
	}

	for stride := t.BlockDim.X / 2; stride > 0; stride >>= 1 {
		if int(tid) < stride {
			idata[tid] += idata[int(tid)+stride]
		}
		t.SyncThreads()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = idata[0]
	}
}

// ReduceUnrolling2Kernel is reduceUnrolling2 of reduceInteger.cu: each
// block covers two blocks' worth of data, first folding the second into
// the first, then reducing interleaved.
//
//gocuda:kernel ReduceUnrolling2Kernel
func reduceUnrolling2Kernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	tid := uint32(t.ThreadIdx.X)
	bdim := uint32(t.BlockDim.X)
	idx := uint32(t.BlockIdx.X)*bdim*2 + tid

	idata := gIdata[uint32(t.BlockIdx.X)*bdim*2:]

	if idx+bdim < n {
		gIdata[idx] += gIdata[idx+bdim]
	}

	t.SyncThreads()

	for stride := bdim / 2; stride > 0; stride >>= 1 {
		if tid < stride {
			idata[tid] += idata[tid+stride]
		}
		t.SyncThreads()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = idata[0]
	}
}

// ReduceUnrolling4Kernel is reduceUnrolling4 of reduceInteger.cu: four
// blocks' worth of data a block, summed through four registers.
//
//gocuda:kernel ReduceUnrolling4Kernel
func reduceUnrolling4Kernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	tid := uint32(t.ThreadIdx.X)
	bdim := uint32(t.BlockDim.X)
	idx := uint32(t.BlockIdx.X)*bdim*4 + tid

	idata := gIdata[uint32(t.BlockIdx.X)*bdim*4:]

	if idx+3*bdim < n {
		a1 := gIdata[idx]
		a2 := gIdata[idx+bdim]
		a3 := gIdata[idx+2*bdim]
		a4 := gIdata[idx+3*bdim]
		gIdata[idx] = a1 + a2 + a3 + a4
	}

	t.SyncThreads()

	for stride := bdim / 2; stride > 0; stride >>= 1 {
		if tid < stride {
			idata[tid] += idata[tid+stride]
		}
		t.SyncThreads()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = idata[0]
	}
}

// ReduceUnrolling8Kernel is reduceUnrolling8 of reduceInteger.cu: eight
// blocks' worth of data a block, summed through eight registers.
//
//gocuda:kernel ReduceUnrolling8Kernel
func reduceUnrolling8Kernel(t *gocuda.Thread, gIdata, gOdata []int32, n uint32) {
	tid := uint32(t.ThreadIdx.X)
	bdim := uint32(t.BlockDim.X)
	idx := uint32(t.BlockIdx.X)*bdim*8 + tid

	idata := gIdata[uint32(t.BlockIdx.X)*bdim*8:]

	if idx+7*bdim < n {
		a1 := gIdata[idx]
		a2 := gIdata[idx+bdim]
		a3 := gIdata[idx+2*bdim]
		a4 := gIdata[idx+3*bdim]
		b1 := gIdata[idx+4*bdim]
		b2 := gIdata[idx+5*bdim]
		b3 := gIdata[idx+6*bdim]
		b4 := gIdata[idx+7*bdim]
		gIdata[idx] = a1 + a2 + a3 + a4 + b1 + b2 + b3 + b4
	}

	t.SyncThreads()

	for stride := bdim / 2; stride > 0; stride >>= 1 {
		if tid < stride {
			idata[tid] += idata[tid+stride]
		}
		t.SyncThreads()
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = idata[0]
	}
}
