package corpus

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file ports NVIDIA's threadFenceReduction sample
// (cuda-samples, Samples/2_Concepts_and_Techniques/threadFenceReduction,
// threadFenceReduction_kernel.cuh: reduceSinglePass), the CUDA C++
// Programming Guide's example for __threadfence: one launch sums an
// array; each block writes its partial sum to global memory, fences, and
// takes a ticket with atomicInc; the block that draws the last ticket
// sums the partial sums.

// reduceBlock sums v over the block through sdata, leaving the sum in
// sdata[0] (the sample's reduceBlock, with barriers).
func reduceBlock(t *gocuda.Thread, sdata []float32, v float32) {
	tid := t.ThreadIdx.X
	sdata[tid] = v
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			v += sdata[tid+s]
			sdata[tid] = v
		}
		t.SyncThreads()
	}
}

// ReduceSinglePass is reduceSinglePass: in into out[0], with out holding
// a partial sum per block and *count zero before the launch (it is again
// after). Without fence, the partial sums reach the last block with no
// fence between their store and the ticket: the race the sample's fence
// prevents.
func ReduceSinglePass(in, out []float32, count []uint32, fence bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		tid, bs := t.ThreadIdx.X, t.BlockDim.X
		sdata := gocuda.Shared[float32](t, bs)
		var sum float32
		for i := t.BlockIdx.X*bs + tid; i < len(in); i += bs * t.GridDim.X {
			sum += in[i]
		}
		reduceBlock(t, sdata, sum)
		if tid == 0 {
			out[t.BlockIdx.X] = sdata[0] // PARTIAL
		}
		if t.GridDim.X == 1 {
			return
		}
		amLast := gocuda.Shared[bool](t, 1)
		if fence {
			atomic.ThreadFence()
		}
		if tid == 0 {
			ticket := atomic.Inc(&count[0], uint32(t.GridDim.X))
			amLast[0] = ticket == uint32(t.GridDim.X-1)
		}
		t.SyncThreads()
		if amLast[0] {
			var mine float32
			for i := tid; i < t.GridDim.X; i += bs {
				mine += out[i] // GATHER
			}
			t.SyncThreads()
			reduceBlock(t, sdata, mine)
			if tid == 0 {
				out[0] = sdata[0]
				count[0] = 0 // ready for the next launch
			}
		}
	}
}

// Histogram counts data's values into global bins with atomics from every
// block (CUDA by Example, chapter 9, histo_kernel): atomics never race.
func Histogram(data []uint8, bins []uint32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(data); i += t.BlockDim.X * t.GridDim.X {
			atomic.Add(&bins[data[i]], 1)
		}
	}
}
