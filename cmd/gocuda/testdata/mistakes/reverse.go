//go:build !solutions

// Package reverse is exercise 4 with the mistake gocuda check must catch:
// the barrier between loading the segment and reading it back is missing.
package reverse

import "github.com/gocuda/gocuda/gocuda"

// ReverseKernel reverses in into out through shared memory, without the
// barrier.
func ReverseKernel(t *gocuda.Thread, in, out []int32) {
	n, b, tid := len(in), t.BlockDim.X, t.ThreadIdx.X
	base := t.BlockIdx.X * b
	s := gocuda.Shared[int32](t, b)
	if i := base + tid; i < n {
		s[tid] = in[i] // LOAD
	}
	src := b - 1 - tid
	if j := base + src; j < n {
		out[n-1-j] = s[src] // STORE
	}
}
