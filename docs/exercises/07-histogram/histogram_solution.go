//go:build solutions

// Package histogram is exercise 7: a byte histogram with shared-memory
// atomics. This is the reference solution (build tag solutions).
package histogram

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// HistogramKernel is the kernel of Histogram: it adds the number of times
// each byte value b occurs in data to hist[b]. Launched with any
// one-dimensional configuration.
//
//gocuda:kernel kernel
func HistogramKernel(t *gocuda.Thread, data []byte, hist []uint32) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	bins := gocuda.Shared[uint32](t, NumBins) // the block's private histogram
	for k := tid; k < NumBins; k += b {
		bins[k] = 0
	}
	t.SyncThreads()
	stride := b * t.GridDim.X
	for i := t.BlockIdx.X*b + tid; i < len(data); i += stride {
		atomic.Add(&bins[data[i]], 1)
	}
	t.SyncThreads()
	for k := tid; k < NumBins; k += b {
		if c := bins[k]; c != 0 {
			atomic.Add(&hist[k], c)
		}
	}
}
