package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's wyllie benchmark (zjin-lcf/HeCBench at
// f27000a, src/wyllie-cuda/main.cu): Wyllie's list ranking by pointer
// jumping, each list node a 64-bit word packing the next node (high half)
// and the distance to it (low half). C's long is int64. The loop's trip
// count differs from thread to thread, and the loop holds a
// __syncthreads(): threads that leave it go on to return, which CUDA
// leaves undefined and gocuda defines (a returned thread does not hold a
// barrier up).

// wyllieNIL and wyllieMASK are utils.h's NIL and MASK.
const (
	wyllieNIL  = -1
	wyllieMASK = 0xFFFFFFFF
)

// WyllieKernel is wyllie of wyllie-cuda: while neither its node's next nor
// the next's next is NIL, a thread replaces its node by the jump over the
// next, adding the distances.
//
//gocuda:kernel WyllieKernel
func wyllieKernel(t *gocuda.Thread, list []int64, size int32) {
	index := int32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if index < size {
		var node, next int64
		for {
			node = list[index]
			if node>>32 == wyllieNIL {
				break
			}
			next = list[node>>32]
			if next>>32 == wyllieNIL {
				break
			}
			temp := (node & wyllieMASK)
			temp += (next & wyllieMASK)
			temp += (next >> 32) << 32
			t.SyncThreads()
			list[index] = temp
		}
	}
}
