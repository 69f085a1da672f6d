package spill

import "github.com/gocuda/gocuda/gocuda"

// reassigned is the Programming Guide's first block reduction: each
// warp sums v by shuffles, lane 0 stores it, and after the barrier warp 0
// alone assigns v again before reading it.
//
// spill keeps v per lane across each warp's shuffles, not per thread
// across the barrier: warp 0 assigns v before it reads it, and no code
// after that reads the other warps' v.
func reassigned(t *gocuda.Thread, x []float32, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	warps := gocuda.Shared[float32](t, 32)
	var v float32
	if i < len(x) {
		v = x[i]
	}
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if tid%32 == 0 {
		warps[tid/32] = v
	}
	t.SyncThreads()
	if tid < 32 {
		v = 0
		if tid < t.BlockDim.X/32 {
			v = warps[tid]
		}
		for off := 16; off > 0; off /= 2 {
			v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
		}
		if tid == 0 {
			partial[t.BlockIdx.X] = v
		}
	}
}
