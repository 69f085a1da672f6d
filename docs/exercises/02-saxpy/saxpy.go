//go:build !solutions

// Package saxpy is exercise 2: SAXPY, y = a*x + y, with a grid-stride loop.
//
// In exercise 1 the grid was sized to the data. Here the caller chooses the
// launch configuration, and the kernel must be right for any of them: a
// grid with fewer threads than elements, or more. The CUDA idiom is the
// grid-stride loop: each thread starts at its global index and steps by
// the number of threads in the whole grid, so that together the threads
// visit every element exactly once:
//
//	for i := <global index>; i < n; i += <threads in the grid> { ... }
//
// The grid has t.GridDim.X blocks of t.BlockDim.X threads. A fixed grid,
// sized to the device rather than to the data, also spares launching
// millions of threads that each do one multiply-add.
//
// Run the test with: go test ./02-saxpy/
package saxpy

import "github.com/gocuda/gocuda/gocuda"

// SAXPY sets y[i] = a*x[i] + y[i] for every i, launching on dev with the
// configuration cfg, a one-dimensional grid of one-dimensional blocks of
// any size. x and y have the same length.
func SAXPY(dev *gocuda.Device, cfg gocuda.Config, a float32, x, y []float32) error {
	return dev.Launch(cfg, func(t *gocuda.Thread) {
		// TODO: a grid-stride loop over i, starting at this thread's global
		// index and stepping by t.BlockDim.X*t.GridDim.X while i < len(y),
		// setting y[i] = a*x[i] + y[i].
	})
}
