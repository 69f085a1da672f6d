//go:build !solutions

// Package warpreduce is exercise 6: the block sum of exercise 5 with warp
// shuffles, as in NVIDIA's "Faster Parallel Reductions on Kepler".
//
// A warp is 32 consecutive threads of a block (t.LaneID() is a thread's
// place in its warp, t.WarpID() its warp's place in the block). A shuffle
// lets the lanes of a warp read each other's registers without shared
// memory or barriers:
//
//	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
//
// adds the v of the lane offset above. With offsets 16, 8, 4, 2, 1 lane 0
// ends with the warp's sum (lanes past the warp's end get their own v back,
// and their results do not matter). FullMask says all 32 lanes take part,
// so all 32 must make every shuffle: threads past the end of the input
// take part with v = 0 instead of returning.
//
// A block sums in two rounds:
//
//  1. each warp sums its 32 values with shuffles; lane 0 writes the warp's
//     sum to warpSums[t.WarpID()], warpSums := gocuda.Shared[int64](t, 32)
//     (a block has at most 1024/32 = 32 warps);
//  2. after t.SyncThreads(), warp 0 reads the block's warp sums (0 for lanes
//     past the number of warps, t.BlockDim.X/32), sums them with shuffles
//     again, and lane 0 writes the result to partial[t.BlockIdx.X].
//
// Run the test with: go test ./06-warpreduce/
package warpreduce

import "github.com/gocuda/gocuda/gocuda"

// SumKernel is the kernel of Sum: block b writes the sum of its segment of
// in, in[b*B : b*B+B] with B = t.BlockDim.X (shorter for the last block),
// to partial[b]. B is a multiple of 32.
func SumKernel(t *gocuda.Thread, in, partial []int64) {
	// TODO: the two rounds of warp sums described in the package comment.
	// A helper func warpSum(t *gocuda.Thread, v int64) int64 keeps it short.
}
