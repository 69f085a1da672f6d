package difftest

import "github.com/gocuda/gocuda/gocuda"

// WarpMaskKernel shuffles and votes with a mask of its warp's own lanes,
// which the last warp of a partial block has fewer of: each lane adds
// the next lane's value, where the next lane is in the mask, the lanes of
// odd warps (an if decided once per warp) add their lane 0's sum, and the
// warp's lanes store their sums if any lane's is positive.
//
//gocuda:kernel WarpMaskKernel
func warpMask(t *gocuda.Thread, in, out []int32) {
	lanes := min(gocuda.WarpSize, t.BlockDim.X-t.WarpID()*gocuda.WarpSize)
	mask := warpMaskOf(lanes)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	v += gocuda.ShflDownSync(t, mask, v, 1, gocuda.WarpSize)
	if warp := t.WarpID(); warp%2 == 1 { // decided once per warp
		v += gocuda.ShflSync(t, mask, v, 0, gocuda.WarpSize)
	}
	if t.BallotSync(mask, v > 0) != 0 {
		out[i] = v
	}
}

// warpMaskOf is the mask of a warp's first n lanes.
func warpMaskOf(n int) uint32 { return uint32(uint64(1)<<n - 1) }
