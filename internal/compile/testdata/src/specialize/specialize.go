// Package specialize holds a generic kernel the SIMD build specializes to
// the lane types of its constraint.
package specialize

import "github.com/gocuda/gocuda/gocuda"

// Number is what the kernel adds: two lane types and one that is none.
type Number interface{ ~float32 | int32 | float64 }

// at returns in[i], or 0 past its end.
func at[T Number](in []T, i int) T {
	if i >= len(in) {
		return 0
	}
	return in[i]
}

// PairKernel adds neighbouring elements.
//
//gocuda:kernel PairKernel
func pair[T Number](t *gocuda.Thread, in, out []T, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		out[i] = at(in, i) + at(in, i+1)
	}
}
