//go:build solutions

// Package reduce is exercise 5: a sum in shared memory with a tree of
// barriers. This is the reference solution (build tag solutions).
package reduce

import "github.com/gocuda/gocuda/gocuda"

// SumKernel is the kernel of Sum: block b writes the sum of its segment of
// in, in[b*B : b*B+B] with B = t.BlockDim.X (shorter for the last block),
// to partial[b].
//
//gocuda:kernel kernel
func SumKernel(t *gocuda.Thread, in, partial []int64) {
	b, tid := t.BlockDim.X, t.ThreadIdx.X
	s := gocuda.Shared[int64](t, b)
	var v int64
	if i := t.BlockIdx.X*b + tid; i < len(in) {
		v = in[i]
	}
	s[tid] = v // every thread stores: shared memory is not zeroed on a GPU
	t.SyncThreads()
	for stride := b / 2; stride > 0; stride /= 2 {
		if tid < stride {
			s[tid] += s[tid+stride]
		}
		t.SyncThreads() // every thread, active or not
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = s[0]
	}
}
