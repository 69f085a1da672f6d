package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file complete warp collectives between lane loops:
// in the SIMD build those loops may run eight lanes at a time, and the
// full-warp shuffles with vectors. Their tests require the vector form,
// the scalar form of the same build and the runtime path to agree bit
// for bit, with partly active warps and lanes diverging around a
// collective.

// WarpSumDownKernel sums in[i] over each warp with five __shfl_down_sync
// steps (Luitjens's warp reduction, float32: the order of the additions
// is the shuffle tree's) and stores each lane's partial sum. Out-of-range
// threads add zero.
//
//gocuda:kernel WarpSumDownKernel
func warpSumDown(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v float32
	if i < len(in) {
		v = in[i]
	}
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	if i < len(out) {
		out[i] = v
	}
}

// WarpXorMaxKernel leaves in every lane the maximum of in over its warp,
// with a butterfly of __shfl_xor_sync steps on int32, and stores it
// scaled by the lane.
//
//gocuda:kernel WarpXorMaxKernel
func warpXorMax(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := int32(-1 << 31)
	if i < len(in) {
		v = in[i]
	}
	for mask := 16; mask > 0; mask >>= 1 {
		v = max(v, gocuda.ShflXorSync(t, gocuda.FullMask, v, mask, gocuda.WarpSize))
	}
	if i < len(out) {
		out[i] = v*int32(t.LaneID()) + int32(mask16(t))
	}
}

// mask16 returns the thread's lane within its half-warp.
func mask16(t *gocuda.Thread) int { return t.LaneID() & 15 }

// WarpScanKernel is an inclusive scan of uint32 over each warp with
// __shfl_up_sync (Hillis-Steele): lanes below the offset keep their sum.
//
//gocuda:kernel WarpScanKernel
func warpScan(t *gocuda.Thread, in, out []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v uint32
	if i < len(in) {
		v = in[i]
	}
	lane := t.LaneID()
	for d := 1; d < gocuda.WarpSize; d *= 2 {
		n := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, gocuda.WarpSize)
		if lane >= d {
			v += n
		}
	}
	if i < len(out) {
		out[i] = v
	}
}

// WarpPartialKernel runs in blocks whose size is no multiple of 32, so
// the last warp is partly active: the lanes whose value is positive sum
// theirs with __shfl_down_sync over the mask of a ballot, inside an if
// the others skip; every lane then stores a ballot of its sign and its
// sum (or its own value, for the others).
//
//gocuda:kernel WarpPartialKernel
func warpPartial(t *gocuda.Thread, in []float32, sums []float32, votes []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i%len(in)]
	pos := t.BallotSync(t.ActiveMask(), v > 0)
	s := v * 2
	if v > 0 {
		for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
			s += gocuda.ShflDownSync(t, pos, s, offset, 8)
		}
	}
	votes[i] = pos ^ uint32(t.LaneID())
	sums[i] = s
}

// WarpLeadersKernel sums in over each warp with __shfl_xor_sync, every
// lane ending with the sum, and lane 0 of each warp stores it at the
// warp's index in the grid, one element the lanes of a vector step store
// under a mask.
//
//gocuda:kernel WarpLeadersKernel
func warpLeaders(t *gocuda.Thread, in, sums []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i%len(in)]
	for mask := 1; mask < gocuda.WarpSize; mask *= 2 {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v, mask, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		sums[t.BlockIdx.X*((t.BlockDim.X+31)/32)+t.WarpID()] = v
	}
}
