package corpus

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// SharedHistogram is CUDA by Example's histogram with shared-memory
// atomics (chapter 9, histo_kernel of hist_gpu_shmem_atomics.cu): each
// block of 256 threads zeroes its private bins, counts its elements into
// them with atomics, and adds them to bins with atomics. Without
// zeroSync the zeroing races with the counting; without countSync the
// counting races with the reads of the bins that merge them.
func SharedHistogram(data []uint8, bins []uint32, zeroSync, countSync bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		temp := gocuda.Shared[uint32](t, 256)
		temp[t.ThreadIdx.X] = 0 // ZERO
		if zeroSync {
			t.SyncThreads()
		}
		for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(data); i += t.BlockDim.X * t.GridDim.X {
			atomic.Add(&temp[data[i]], 1) // COUNT
		}
		if countSync {
			t.SyncThreads()
		}
		atomic.Add(&bins[t.ThreadIdx.X], temp[t.ThreadIdx.X]) // MERGE
	}
}
