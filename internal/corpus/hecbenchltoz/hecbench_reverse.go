package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's reverse benchmark (zjin-lcf/HeCBench at
// f27000a, src/reverse-cuda/main.cu): reverse, an in-place reversal of
// one block's elements through a shared array.

// ReverseKernel is reverse of reverse-cuda: d[t] = d[len-t-1] for the
// block's len = blockDim.x elements.
//
//gocuda:kernel ReverseKernel
func reverseKernel(t *gocuda.Thread, d []int32, len int) {
	s := gocuda.Shared[int32](t, 256)
	tid := t.ThreadIdx.X
	s[tid] = d[tid]
	t.SyncThreads()
	d[tid] = s[len-tid-1]
}
