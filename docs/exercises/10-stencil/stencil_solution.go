//go:build solutions

// Package stencil is exercise 10: a 1D stencil with a halo in shared
// memory. This is the reference solution (build tag solutions).
package stencil

import "github.com/gocuda/gocuda/gocuda"

// StencilKernel is the kernel of Stencil: thread tid of block b sets
// out[b*B+tid] (B = t.BlockDim.X, at least Radius), if it exists, to the
// sum of in[b*B+tid-Radius] to in[b*B+tid+Radius].
//
//gocuda:kernel kernel
func StencilKernel(t *gocuda.Thread, in, out []int32) {
	b, tid := t.BlockDim.X, t.ThreadIdx.X
	temp := gocuda.Shared[int32](t, b+2*Radius)
	at := func(i int) int32 { // in[i], 0 outside in
		if i < 0 || i >= len(in) {
			return 0
		}
		return in[i]
	}
	g := t.BlockIdx.X*b + tid // global index
	temp[tid+Radius] = at(g)
	if tid < Radius {
		temp[tid] = at(g - Radius)     // left halo
		temp[tid+Radius+b] = at(g + b) // right halo
	}
	t.SyncThreads()
	if g < len(in) {
		var sum int32
		for off := -Radius; off <= Radius; off++ {
			sum += temp[tid+Radius+off]
		}
		out[g] = sum
	}
}
