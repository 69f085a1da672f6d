package difftest

import "github.com/gocuda/gocuda/gocuda"

// OneWarpKernel sums, in warp k of each block alone (its code under if
// warp == k, a parameter of the launch), each lane's element of in and
// the next lane's, by a shuffle down, and writes the sums to out: the
// compiled form visits that warp alone, none where k is not a warp of
// the block.
//
//gocuda:kernel OneWarpKernel
func oneWarp(t *gocuda.Thread, in, out []int32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	t.SyncThreads()
	warp := t.WarpID()
	if warp == k {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
		if i < len(out) {
			out[i] = v
		}
	}
}
