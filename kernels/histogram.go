package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// HistogramBins is the number of bins of a byte histogram: one per byte
// value.
const HistogramBins = 256

// Launch shape of the histogram.
const (
	histogramBlock           = 256
	histogramBlocksPerWorker = 4
)

// HistogramKernel returns the shared-memory histogram of the CUDA Handbook
// (Wilt, chapter 15) and the lecture decks' privatized histogram: each
// block counts into its own 256 bins in shared memory with atomicAdd (fast,
// contended only within the block), walking data with a grid-stride loop,
// then adds each nonzero bin into bins with one global atomicAdd per bin.
// bins must have HistogramBins elements; the counts are added to what it
// holds. Launch it with any one-dimensional grid and block.
//
//gocuda:kernel HistogramKernel
func histogram(t *gocuda.Thread, data []byte, bins []uint32) {
	n := len(data)
	tid := t.ThreadIdx.X
	local := gocuda.Shared[uint32](t, HistogramBins)
	for b := tid; b < HistogramBins; b += t.BlockDim.X {
		local[b] = 0 // shared memory is uninitialized on a GPU
	}
	t.SyncThreads()
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + tid; i < n; i += stride {
		atomic.Add(&local[data[i]], 1)
	}
	t.SyncThreads()
	for b := tid; b < HistogramBins; b += t.BlockDim.X {
		if c := local[b]; c != 0 {
			atomic.Add(&bins[b], c)
		}
	}
}

// Histogram counts the byte values of data into bins on dev with
// HistogramKernel, on a grid of a few blocks per worker: afterwards
// bins[v] is the number of elements of data equal to v (bins is cleared
// first). It returns an error wrapping gocuda.ErrInvalidValue if dev is nil
// or len(bins) != HistogramBins, and otherwise the launch's error.
func Histogram(dev *gocuda.Device, data []byte, bins []uint32) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.Histogram: nil device", gocuda.ErrInvalidValue)
	case len(bins) != HistogramBins:
		return fmt.Errorf("%w: kernels.Histogram: %d bins, want %d",
			gocuda.ErrInvalidValue, len(bins), HistogramBins)
	}
	clear(bins)
	blocks := min(dev.Workers()*histogramBlocksPerWorker, (len(data)+histogramBlock-1)/histogramBlock)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: max(1, blocks)}, Block: gocuda.Dim3{X: histogramBlock}}
	return dev.Launch(cfg, HistogramKernel(data, bins))
}
