//go:build solutions

// Package saxpy is exercise 2: SAXPY, y = a*x + y, with a grid-stride loop.
// This is the reference solution (build tag solutions).
package saxpy

import "github.com/gocuda/gocuda/gocuda"

// SAXPY sets y[i] = a*x[i] + y[i] for every i, launching on dev with the
// configuration cfg, a one-dimensional grid of one-dimensional blocks of
// any size. x and y have the same length.
func SAXPY(dev *gocuda.Device, cfg gocuda.Config, a float32, x, y []float32) error {
	n := len(y)
	return dev.Launch(cfg, func(t *gocuda.Thread) {
		stride := t.BlockDim.X * t.GridDim.X // threads in the grid
		for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += stride {
			y[i] = a*x[i] + y[i]
		}
	})
}
