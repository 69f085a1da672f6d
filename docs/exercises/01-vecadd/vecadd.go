//go:build !solutions

// Package vecadd is exercise 1: add two vectors, one thread per element.
//
// This is the first program of every CUDA course. A launch runs the kernel
// once for every thread of a grid of blocks; each thread finds the element
// it owns from its position in the grid:
//
//	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X // blockIdx.x*blockDim.x + threadIdx.x
//
// Blocks have BlockSize threads, so n elements need n/BlockSize blocks,
// rounded up. When n is not a multiple of BlockSize the last block has
// threads past the end of the vectors: they must do nothing (i < n).
//
// Run the test with: go test ./01-vecadd/
package vecadd

import "github.com/gocuda/gocuda/gocuda"

// VecAdd returns a + b, computed on dev with one thread per element. a and
// b have the same length.
func VecAdd(dev *gocuda.Device, a, b []float32) ([]float32, error) {
	n := len(a)
	c := make([]float32, n)
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: 1}, // TODO: enough blocks of BlockSize threads to cover all n elements
		Block: gocuda.Dim3{X: BlockSize},
	}
	err := dev.Launch(cfg, func(t *gocuda.Thread) {
		// TODO: compute this thread's global index i from t.BlockIdx.X,
		// t.BlockDim.X and t.ThreadIdx.X, and if i < n set c[i] = a[i] + b[i].
	})
	return c, err
}
