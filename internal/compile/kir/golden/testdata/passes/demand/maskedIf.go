package demand

import "github.com/gocuda/gocuda/gocuda"

// maskedIf is the second stage of a block reduction as the Programming
// Guide's readers write it: the threads with tid < 32 shuffle the
// warps' sums, which thread 0 alone reads, inside an if whose lanes the
// block's shape decides.
//
// demand narrows the shuffles inside the if to the lane thread 0 reads
// in one-dimensional blocks: a narrowed step runs only where every lane
// takes the branch.
func maskedIf(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	warps := gocuda.Shared[float32](t, 32)
	if tid < 32 {
		warps[tid] = in[t.BlockIdx.X*32+tid]
	}
	t.SyncThreads()
	if tid < 32 {
		v := warps[tid]
		for off := 16; off > 0; off /= 2 {
			v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
		}
		if tid == 0 {
			out[t.BlockIdx.X] = v
		}
	}
}
