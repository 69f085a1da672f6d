//go:build solutions

// Package vecadd is exercise 1: add two vectors, one thread per element.
// This is the reference solution (build tag solutions).
package vecadd

import "github.com/gocuda/gocuda/gocuda"

// VecAdd returns a + b, computed on dev with one thread per element. a and
// b have the same length.
func VecAdd(dev *gocuda.Device, a, b []float32) ([]float32, error) {
	n := len(a)
	c := make([]float32, n)
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (n + BlockSize - 1) / BlockSize}, // ceil(n / BlockSize)
		Block: gocuda.Dim3{X: BlockSize},
	}
	err := dev.Launch(cfg, func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		if i < n { // the last block may run past the end
			c[i] = a[i] + b[i]
		}
	})
	return c, err
}
