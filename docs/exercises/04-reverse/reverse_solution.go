//go:build solutions

// Package reverse is exercise 4: reverse an array through shared memory.
// This is the reference solution (build tag solutions).
package reverse

import "github.com/gocuda/gocuda/gocuda"

// ReverseKernel is the kernel of Reverse: block b reverses its segment of
// in, in[b*B : b*B+B] with B = t.BlockDim.X (shorter for the last block),
// into the mirror-image place in out through shared memory.
//
//gocuda:kernel kernel
func ReverseKernel(t *gocuda.Thread, in, out []int32) {
	n, b, tid := len(in), t.BlockDim.X, t.ThreadIdx.X
	base := t.BlockIdx.X * b // the segment's first element
	s := gocuda.Shared[int32](t, b)
	if i := base + tid; i < n {
		s[tid] = in[i] // coalesced read
	}
	t.SyncThreads() // the whole segment is in s
	src := b - 1 - tid
	if j := base + src; j < n {
		out[n-1-j] = s[src] // coalesced write: n-1-j = n-base-b+tid
	}
}
