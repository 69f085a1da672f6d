//go:build !solutions

// Package reduce is exercise 5: a sum in shared memory with a tree of
// barriers, the classic parallel reduction.
//
// Each block sums its segment of B = t.BlockDim.X elements (B a power of
// two) in shared memory, halving the number of active threads each step:
//
//	s[0..B)      x0  x1  x2  x3  x4  x5  x6  x7      load, then SyncThreads
//	stride 4     x0+x4  x1+x5  x2+x6  x3+x7          threads 0-3, SyncThreads
//	stride 2     (x0+x4)+(x2+x6)  ...                threads 0-1, SyncThreads
//	stride 1     the sum in s[0]                     thread 0
//
// This is "sequential addressing" (Harris, Optimizing Parallel Reduction in
// CUDA): in the step with stride s, thread tid < s adds s[tid+stride] to
// s[tid], so the active threads are contiguous. Every step reads what the
// step before wrote, so a barrier must separate the steps, and every thread
// must reach it, active or not: put t.SyncThreads() inside the loop but
// outside the if. Threads past the end of the input store 0. At the end,
// thread 0 writes s[0] to partial[t.BlockIdx.X].
//
// The test runs the kernel in two thread orders (see check.Orders in
// internal/check) so that a missing barrier shows up.
//
// Run the test with: go test ./05-reduce/
package reduce

import "github.com/gocuda/gocuda/gocuda"

// SumKernel is the kernel of Sum: block b writes the sum of its segment of
// in, in[b*B : b*B+B] with B = t.BlockDim.X (shorter for the last block),
// to partial[b].
func SumKernel(t *gocuda.Thread, in, partial []int64) {
	// TODO:
	// s := gocuda.Shared[int64](t, t.BlockDim.X)
	// load this thread's element into s[tid] (0 past the end), SyncThreads,
	// then for stride := B/2; stride > 0; stride /= 2 { ... }, and thread 0
	// writes the block's sum.
}
