package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file compute their indexes in integer types
// narrower than int, as ports of CUDA's int indexes do: the compiler
// reads such an index by its wide form (the same low bits, in int) where
// every index of the row lies in the type's range, and runs the row as
// written elsewhere.

// NarrowSAXPYKernel is SAXPY with its index in int32 arithmetic.
//
//gocuda:kernel NarrowSAXPYKernel
func narrowSAXPY(t *gocuda.Thread, a float32, x, y []float32) {
	i := int32(t.BlockIdx.X)*int32(t.BlockDim.X) + int32(t.ThreadIdx.X)
	if i < int32(len(x)) {
		y[i] = a*x[i] + y[i]
	}
}

// NarrowReturnKernel doubles in[idx] into out[idx] from element base
// on, idx = base + the thread's global index in uint32 arithmetic (CUDA
// Handbook's and Cheng's unsigned indexes), past n returning early.
//
//gocuda:kernel NarrowReturnKernel
func narrowReturn(t *gocuda.Thread, in, out []float32, base, n uint32) {
	tid := uint32(t.ThreadIdx.X)
	idx := base + uint32(t.BlockIdx.X)*uint32(t.BlockDim.X) + tid
	if idx >= n {
		return
	}
	out[idx] = 2 * in[idx]
}

// NarrowOffsetKernel writes out[i] = i for i = base + the thread's
// global index in int32 arithmetic, where i is in out: a base near the
// int32s' end makes the sums wrap.
//
//gocuda:kernel NarrowOffsetKernel
func narrowOffset(t *gocuda.Thread, out []int32, base int32) {
	i := base + int32(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)
	if i >= 0 && i < int32(len(out)) {
		out[i] = i
	}
}

// NarrowByteKernel writes out[g] = 2*in[uint8(g)], g the thread's global
// index: past element 255 of a longer in, the byte index wraps to its
// start.
//
//gocuda:kernel NarrowByteKernel
func narrowByte(t *gocuda.Thread, in, out []float32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if g < len(out) {
		out[g] = 2 * in[uint8(g)]
	}
}

// NarrowStrideKernel writes out[k] = in[uint16(2*k+1)], k the thread's
// uint32 x index in one block: odd elements, a step of two apart.
//
//gocuda:kernel NarrowStrideKernel
func narrowStride(t *gocuda.Thread, in, out []float32) {
	k := uint32(t.ThreadIdx.X)
	if k < uint32(len(out)) {
		out[k] = in[uint16(2*k+1)]
	}
}
