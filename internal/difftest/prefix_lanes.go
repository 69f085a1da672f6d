package difftest

import "github.com/gocuda/gocuda/gocuda"

// PrefixLanesKernel runs warp code whose active lanes are the warp's first
// ones, in blocks whose last warp is partial: lane loops at the warp's top
// level, in a branch the whole warp takes or skips (the warp's parity
// against k), and after a loop whose lanes leave at different trips, each
// followed by a collective. out has one element per thread.
//
//gocuda:kernel PrefixLanesKernel
func prefixLanes(t *gocuda.Thread, in, out []int32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lane, warp := t.LaneID(), t.WarpID()
	lanes := min(gocuda.WarpSize, t.BlockDim.X-warp*gocuda.WarpSize)
	full := uint32(uint64(1)<<lanes - 1)
	v := in[i] + gocuda.ShflXorSync(t, full, in[i], 1, gocuda.WarpSize)
	if warp%2 == k%2 {
		v = gocuda.ShflDownSync(t, full, v, 3, gocuda.WarpSize) - v
	}
	for j := 0; j < lane%5+k; j++ {
		v = 3*v + int32(j)
	}
	v += gocuda.ShflUpSync(t, full, v, 2, gocuda.WarpSize)
	t.SyncThreads()
	v ^= gocuda.ReduceAddSync(t, full, v)
	out[i] = v
}
