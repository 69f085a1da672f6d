package difftest

import "github.com/gocuda/gocuda/gocuda"

// LaneModSumKernel sums each warp's elements with shuffles down, then
// stores the sum where the guard names lane 0 as the thread's x index
// modulo 32 (tid%32 == 0), as the Programming Guide's readers write it.
// In a block whose x extent 32 does not divide, of more than one row,
// that is not lane 0 alone, and every thread it admits stores its sum.
//
//gocuda:kernel LaneModSumKernel
func laneModSum(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	at := t.BlockIdx.X*t.BlockDim.X*t.BlockDim.Y + t.ThreadIdx.Y*t.BlockDim.X + tid
	v := in[at]
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if tid%32 == 0 {
		out[at] = v
	}
}

// LaneMaskSumKernel is LaneModSumKernel with the lane named in a
// variable by a mask (lane := tid & 31; lane == 0).
//
//gocuda:kernel LaneMaskSumKernel
func laneMaskSum(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	lane := tid & 31
	at := t.BlockIdx.X*t.BlockDim.X*t.BlockDim.Y + t.ThreadIdx.Y*t.BlockDim.X + tid
	v := in[at]
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if lane == 0 {
		out[at] = v
	}
}
