package difftest

import "github.com/gocuda/gocuda/gocuda"

// DemandIfKernel is the Programming Guide's block reduction in its
// readers' words: each warp sums its elements with shuffles down, lane 0
// (tid%32 == 0) stores the warp's sum, and after a barrier the threads
// with tid < 32 shuffle the warps' sums, thread 0 storing the block's.
// The second shuffle runs inside an if whose lanes the block's shape
// decides (every lane of warp 0 in a one-dimensional block, part of a
// warp in others), and only thread 0 reads its result.
//
//gocuda:kernel DemandIfKernel
func demandIf(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	rank := t.ThreadIdx.Y*t.BlockDim.X + tid
	per := t.BlockDim.X * t.BlockDim.Y
	warps := gocuda.Shared[int32](t, 32)
	v := in[t.BlockIdx.X*per+rank]
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if rank%32 == 0 {
		warps[rank/32] = v
	}
	t.SyncThreads()
	if tid < 32 {
		v = 0
		if tid < per/32 {
			v = warps[tid]
		}
		for off := 16; off > 0; off /= 2 {
			v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
		}
		if tid == 0 {
			out[t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y] = v
		}
	}
}
