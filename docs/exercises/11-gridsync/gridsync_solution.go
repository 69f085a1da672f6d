//go:build solutions

// Package gridsync is exercise 11: a grid-wide barrier in a cooperative
// launch. This is the reference solution (build tag solutions).
package gridsync

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// CenterKernel is the kernel of Center, for a cooperative launch of any
// size: it sets out[i] = in[i] - mean(in) for every i, using *sum (zero at
// the start) for the total.
//
//gocuda:kernel kernel
func CenterKernel(t *gocuda.Thread, in, out []float64, sum *float64) {
	n := len(in)
	first := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.X
	var local float64
	for i := first; i < n; i += stride {
		local += in[i]
	}
	if local != 0 {
		atomic.Add(sum, local)
	}
	t.SyncGrid() // every block has added its part
	mean := *sum / float64(n)
	for i := first; i < n; i += stride {
		out[i] = in[i] - mean
	}
}
