//go:build !solutions

// Package stencil is exercise 10: a 1D stencil with a halo in shared
// memory, the stencil_1d example of NVIDIA's "CUDA C/C++ Basics".
//
// out[i] is the sum of the 2*Radius+1 input elements centered on i. Each
// input element is read by 2*Radius+1 threads, so a block first copies the
// elements its threads need into shared memory: its own B = t.BlockDim.X
// elements plus Radius on each side, the halo, which belong to the
// neighboring blocks:
//
//	temp := gocuda.Shared[int32](t, B+2*Radius)
//	temp[0 : Radius]            in[start-Radius : start]     left halo
//	temp[Radius : Radius+B]     in[start : start+B]          the block's own
//	temp[Radius+B : B+2*Radius] in[start+B : start+B+Radius] right halo
//
// where start = t.BlockIdx.X*B. Thread tid loads in[start+tid] into
// temp[tid+Radius]; threads tid < Radius also load one element of each
// halo, temp[tid] and temp[tid+Radius+B]. Elements outside in load as 0.
// After t.SyncThreads(), thread tid sums temp[tid : tid+2*Radius+1] and
// stores it to out[start+tid] if that exists.
//
// Run the test with: go test ./10-stencil/
package stencil

import "github.com/gocuda/gocuda/gocuda"

// StencilKernel is the kernel of Stencil: thread tid of block b sets
// out[b*B+tid] (B = t.BlockDim.X, at least Radius), if it exists, to the
// sum of in[b*B+tid-Radius] to in[b*B+tid+Radius].
func StencilKernel(t *gocuda.Thread, in, out []int32) {
	// TODO: load the block's elements and its halo into shared memory,
	// t.SyncThreads(), then sum from shared memory, as the package comment
	// describes.
}
