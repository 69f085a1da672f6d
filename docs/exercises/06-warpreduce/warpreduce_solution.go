//go:build solutions

// Package warpreduce is exercise 6: a block sum with warp shuffles. This is
// the reference solution (build tag solutions).
package warpreduce

import "github.com/gocuda/gocuda/gocuda"

// warpSum returns the sum of v over the calling thread's warp in lane 0.
func warpSum(t *gocuda.Thread, v int64) int64 {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}

// SumKernel is the kernel of Sum: block b writes the sum of its segment of
// in, in[b*B : b*B+B] with B = t.BlockDim.X (shorter for the last block),
// to partial[b]. B is a multiple of 32.
//
//gocuda:kernel kernel
func SumKernel(t *gocuda.Thread, in, partial []int64) {
	warpSums := gocuda.Shared[int64](t, gocuda.WarpSize)
	lane, warp := t.LaneID(), t.WarpID()
	var v int64 // 0 past the end: every lane takes part in the shuffles
	if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(in) {
		v = in[i]
	}
	v = warpSum(t, v)
	if lane == 0 {
		warpSums[warp] = v
	}
	t.SyncThreads()
	if warp == 0 {
		v = 0
		if lane < t.BlockDim.X/gocuda.WarpSize {
			v = warpSums[lane]
		}
		v = warpSum(t, v)
		if lane == 0 {
			partial[t.BlockIdx.X] = v
		}
	}
}
