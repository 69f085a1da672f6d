package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file scan each warp by shuffles up whose offsets
// double (the CUDA samples' shfl_scan): the compiled form takes a whole
// warp's steps in one call where the guard's conditions of the warp hold
// at every step, and the loop as written elsewhere.

// DoublingScanKernel scans each warp of in into out, offsets doubling
// from 1 while at most width (32 in the samples; a smaller width stops
// early, a larger one adds nothing more), the lanes below each offset
// keeping their value.
//
//gocuda:kernel DoublingScanKernel
func doublingScan(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	v := in[i]
	for d := 1; d <= 32; d *= 2 {
		y := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, 32)
		if t.LaneID() >= d {
			v += y
		}
	}
	out[i] = v
}

// DoublingUpToKernel scans each warp's first steps only: a step by d
// adds where d < steps, a condition of the whole launch, which the
// compiled form tests at every step before it takes the call.
//
//gocuda:kernel DoublingUpToKernel
func doublingUpTo(t *gocuda.Thread, in, out []float32, steps int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for d := 1; d < gocuda.WarpSize; d <<= 1 {
		y := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, gocuda.WarpSize)
		if t.LaneID() >= d && d < steps {
			v += y
		}
	}
	out[i] = v
}

// DoublingEightKernel scans each group of eight lanes' worth of steps
// (offsets 1, 2 and 4), a scan of the first three steps of a warp: the
// one call stops below 8.
//
//gocuda:kernel DoublingEightKernel
func doublingEight(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for d := 1; d < 8; d <<= 1 {
		y := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, 32)
		if t.LaneID() >= d {
			v += y
		}
	}
	out[i] = v
}

// ButterflyKernel sums each warp of in by __shfl_xor_sync steps whose
// offsets halve from start (llm.c's warpReduceSum from 16), every lane
// writing what it holds: whole warps take the steps in one call.
//
//gocuda:kernel ButterflyKernel
func butterfly(t *gocuda.Thread, in, out []float32, start int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	v := in[i]
	for d := start; d > 0; d /= 2 {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v, d, 32)
	}
	out[i] = v
}
