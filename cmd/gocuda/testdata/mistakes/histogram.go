//go:build !solutions

// Package histogram is exercise 7 with the mistake gocuda check must
// catch: the blocks add their counts to the global histogram without
// atomics.
package histogram

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// HistogramKernel counts data's bytes into hist, merging each block's
// counts with a plain read-modify-write.
func HistogramKernel(t *gocuda.Thread, data []byte, hist []uint32) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	bins := gocuda.Shared[uint32](t, NumBins)
	for k := tid; k < NumBins; k += b {
		bins[k] = 0
	}
	t.SyncThreads()
	for i := t.BlockIdx.X*b + tid; i < len(data); i += b * t.GridDim.X {
		atomic.Add(&bins[data[i]], 1)
	}
	t.SyncThreads()
	for k := tid; k < NumBins; k += b {
		hist[k] += bins[k] // MERGE
	}
}
