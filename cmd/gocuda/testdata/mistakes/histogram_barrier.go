//go:build !solutions

// Package histogram is exercise 7's reference solution with the mistake
// gocuda check must catch: no barrier between the blocks' atomics on
// their shared bins and the reads that merge the bins into the global
// histogram.
package histogram

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// HistogramKernel counts data's bytes into hist, reading each shared bin
// while other threads may still add to it.
func HistogramKernel(t *gocuda.Thread, data []byte, hist []uint32) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	bins := gocuda.Shared[uint32](t, NumBins) // the block's private histogram
	for k := tid; k < NumBins; k += b {
		bins[k] = 0
	}
	t.SyncThreads()
	stride := b * t.GridDim.X
	for i := t.BlockIdx.X*b + tid; i < len(data); i += stride {
		atomic.Add(&bins[data[i]], 1) // COUNT
	}
	for k := tid; k < NumBins; k += b {
		if c := bins[k]; c != 0 { // MERGE
			atomic.Add(&hist[k], c)
		}
	}
}
