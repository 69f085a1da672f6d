package difftest

import "github.com/gocuda/gocuda/gocuda"

// SinkScanKernel scans each block of in into out in the CUDA samples'
// shfl_scan form: each warp scans its lanes by shuffles, and where the
// block is more than a warp (a condition of the whole block), the warps'
// totals are scanned through shared memory and added; every thread then
// stores its prefix. The compiled form runs that store at the end of
// both branches of the if, merged with the loop that adds the totals in
// the first.
//
//gocuda:kernel SinkScanKernel
func sinkScan(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	lane, warp := t.LaneID(), t.WarpID()
	for d := 1; d < gocuda.WarpSize; d *= 2 {
		y := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, gocuda.WarpSize)
		if lane >= d {
			v += y
		}
	}
	if t.BlockDim.X > gocuda.WarpSize {
		totals := gocuda.Shared[int32](t, gocuda.WarpSize)
		if lane == gocuda.WarpSize-1 {
			totals[warp] = v
		}
		t.SyncThreads()
		if warp == 0 {
			s := totals[lane]
			for d := 1; d < gocuda.WarpSize; d *= 2 {
				y := gocuda.ShflUpSync(t, gocuda.FullMask, s, d, gocuda.WarpSize)
				if lane >= d {
					s += y
				}
			}
			totals[lane] = s
		}
		t.SyncThreads()
		if warp > 0 {
			v += totals[warp-1]
		}
	}
	if i < len(in) {
		out[i] = v
	}
}
