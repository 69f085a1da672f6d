//go:build !solutions

// Package scan is exercise 9: the inclusive prefix sum of a block with the
// Hillis–Steele algorithm (GPU Gems 3, chapter 39, "the naive scan").
//
// Each block scans its segment of B = t.BlockDim.X elements in shared
// memory in log2(B) steps. In the step with offset d = 1, 2, 4, ..., every
// thread tid >= d adds the value d places to its left to its own:
//
//	x0  x1     x2     x3     ...   load
//	x0  x0+x1  x1+x2  x2+x3  ...   d = 1
//	x0  x0+x1  x0..x2 x0..x3 ...   d = 2, and so on while d < B
//
// The trap: a thread must add the value its left neighbor held before this
// step, but that neighbor is updating it in the same step. A barrier
// between the steps is not enough. Either keep two buffers and alternate
// (read from one, write the other, t.SyncThreads(), swap), or read the
// neighbor's value into a local variable, t.SyncThreads(), then add it and
// t.SyncThreads() again. Threads past the end of the input use 0 and take
// part in every step and barrier, but store nothing.
//
// The test runs the kernel in two thread orders (see check.Orders in
// internal/check) so that the race shows up.
//
// Run the test with: go test ./09-scan/
package scan

import "github.com/gocuda/gocuda/gocuda"

// ScanKernel is the kernel of BlockScan: block b writes the inclusive
// prefix sums of its segment in[b*B : b*B+B], B = t.BlockDim.X (shorter for
// the last block), to the same places in out.
func ScanKernel(t *gocuda.Thread, in, out []int32) {
	// TODO: load into shared memory, then for d := 1; d < B; d *= 2 { ... },
	// then store, as the package comment describes.
}
