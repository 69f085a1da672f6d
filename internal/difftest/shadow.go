package difftest

import "github.com/gocuda/gocuda/gocuda"

// Kernels whose parameters and locals take the names of Go's predeclared
// functions, as CUDA code may (HeCBench's reverse takes const int len):
// the compiled body calls len, min, copy and the others for its own
// bounds, which must still mean the builtins.

// ShadowedReverseKernel is reverse-cuda's reverse with more shadowing:
// each block reverses its first len elements of d through shared memory,
// adding max to each, and copy chooses whether the local min (the
// element's index) is added too.
//
//gocuda:kernel ShadowedReverseKernel
func shadowedReverse(t *gocuda.Thread, d []int32, len int, max int32, copy bool) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s[t.ThreadIdx.X] = d[i]
	t.SyncThreads()
	if t.ThreadIdx.X < len {
		min := int32(t.ThreadIdx.X)
		v := s[len-t.ThreadIdx.X-1] + max
		if copy {
			v += min
		}
		d[i] = v
	}
}

// ShadowedScaleKernel is a generic kernel with a parameter named cap:
// out[i] = in[i] * cap for the first n elements, staged through shared
// memory (the SIMD build specializes its body to each lane type).
//
//gocuda:kernel ShadowedScaleKernel
func shadowedScale[T specNumber](t *gocuda.Thread, in, out []T, cap T, n int) {
	s := gocuda.Shared[T](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		s[t.ThreadIdx.X] = in[i]
	}
	t.SyncThreads()
	if i < n {
		out[i] = s[t.ThreadIdx.X] * cap
	}
}
