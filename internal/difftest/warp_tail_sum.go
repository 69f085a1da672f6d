package difftest

import "github.com/gocuda/gocuda/gocuda"

// WarpTailSumKernel is Harris's warp-shuffle block reduction in the
// shape of the CUDA blog's "Faster Parallel Reductions on Kepler": each
// warp sums its lanes' inputs with __shfl_down_sync, lane 0 stores the
// warp's sum in shared memory, warp 0 sums those, and thread 0 stores
// the block's sum in out[blockIdx.x]. The compiled form runs lane 0's
// store and thread 0's for those lanes alone (the warp pass's one-lane
// guards, fission's guarded tail); a block past the end of out fails at
// its thread 0.
//
//gocuda:kernel WarpTailSumKernel
func warpTailSum(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v float32
	if i < len(in) {
		v = in[i]
	}
	v = warpTailDown(t, v)
	sums := gocuda.Shared[float32](t, gocuda.WarpSize)
	if t.LaneID() == 0 {
		sums[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.WarpID() == 0 {
		var s float32
		if t.LaneID() < (t.BlockDim.X+gocuda.WarpSize-1)/gocuda.WarpSize {
			s = sums[t.LaneID()]
		}
		v = warpTailDown(t, s)
	}
	sum := v
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = sum
	}
}

// warpTailDown is the five-step shuffle-down sum of a warp, in lane 0.
func warpTailDown(t *gocuda.Thread, v float32) float32 {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}
