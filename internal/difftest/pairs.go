package difftest

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file store two elements per thread, at 2*i and
// 2*i+1, in one assignment, as Blelloch's scan fills its tile: sixteen
// lanes a step, the SIMD build writes the two vectors interleaved where
// the thirty-two elements lie in the slice, and lane by lane elsewhere.
// PairsKernel also checks its launch first, as Blelloch's scan checks
// its block: a panic under a condition the same for every thread, which
// sends a vector step to the scalar loop.

// PairsKernel writes, for thread i of the grid, re[i] and im[i]*scale
// to out[off+2*i] and out[off+2*i+1], unguarded; it panics with
// gocuda.ErrInvalidValue where scale is zero.
//
//gocuda:kernel PairsKernel
func pairs(t *gocuda.Thread, re, im, out []float32, off int, scale float32) {
	if scale == 0 {
		panic(fmt.Errorf("%w: pairs scale is zero", gocuda.ErrInvalidValue))
	}
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[off+2*i], out[off+2*i+1] = re[i], im[i]*scale
}
