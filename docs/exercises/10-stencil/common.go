package stencil

//go:generate go tool gocuda compile -tags solutions

import "github.com/gocuda/gocuda/gocuda"

// Radius is the stencil's radius: out[i] sums the 2*Radius+1 elements
// in[i-Radius] to in[i+Radius].
const Radius = 3

// Stencil returns the 1D stencil of in: out[i] = in[i-Radius] + ... +
// in[i+Radius], where elements outside in count as 0. It is computed on dev
// by StencilKernel with blocks of blockSize threads (at least Radius). This
// is the host code: it is complete.
func Stencil(dev *gocuda.Device, in []int32, blockSize int) ([]int32, error) {
	out := make([]int32, len(in))
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (len(in) + blockSize - 1) / blockSize},
		Block: gocuda.Dim3{X: blockSize},
	}
	err := dev.Launch(cfg, kernel(in, out))
	return out, err
}
