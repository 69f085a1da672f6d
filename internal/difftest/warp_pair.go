package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file are Luitjens's warp-shuffle reduction's warps:
// each lane adds two elements a block apart, the warp sums them with
// shuffles down to lane 0, and lane 0 alone writes the sum. A whole warp
// of the compiled form runs the adds and the shuffles as one call (the
// pairtree pass).

// pairAt returns in[i], or zero past its end: a guarded load.
func pairAt[T float32 | int32](in []T, i int) T {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// pairWarpSum returns, in lane 0, the sum of v over the caller's warp.
func pairWarpSum[T float32 | int32](t *gocuda.Thread, v T) T {
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
	}
	return v
}

// WarpPairKernel has each thread of block b add in[i] and in[i+bdx],
// i = 2*b*bdx + x (zero past the end), and lane 0 of each warp write its
// warp's sum to out[b*warps + warp], warps being the block's.
//
//gocuda:kernel WarpPairKernel
func warpPair(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	sum := pairWarpSum(t, pairAt(in, i)+pairAt(in, i+t.BlockDim.X))
	if t.LaneID() == 0 {
		warps := t.BlockDim.X * t.BlockDim.Y / 32
		out[t.BlockIdx.X*warps+t.WarpID()] = sum
	}
}

// WarpPairIntKernel is WarpPairKernel on int32s, whose sums wrap, with
// the reduction written in the kernel.
//
//gocuda:kernel WarpPairIntKernel
func warpPairInt(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := pairAt(in, i) + pairAt(in, i+t.BlockDim.X)
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
	}
	if t.LaneID() == 0 {
		out[t.BlockIdx.X*t.BlockDim.X/32+t.WarpID()] = v
	}
}

// WarpPairEveryKernel is WarpPairKernel whose every lane writes its
// value after the shuffles to out[i]: the lanes' sums are all read, so
// the warps run as written.
//
//gocuda:kernel WarpPairEveryKernel
func warpPairEvery(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = pairWarpSum(t, pairAt(in, i)+pairAt(in, i+t.BlockDim.X))
}
