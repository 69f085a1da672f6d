package teaching

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the byte histograms of "CUDA by Example", chapter 9:
// hist_gpu_gmem_atomics.cu's histo_kernel, with atomics on global memory,
// and hist_gpu_shmem_atomics.cu's, with a per-block histogram in shared
// memory (launched with 256 threads a block).

// HistoGmemKernel is histo_kernel of chapter09/hist_gpu_gmem_atomics.cu.
//
//gocuda:kernel HistoGmemKernel
func histoGmemKernel(t *gocuda.Thread, buffer []uint8, size int64, histo []uint32) {
	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	stride := t.BlockDim.X * t.GridDim.X
	for int64(i) < size {
		atomic.Add(&histo[buffer[i]], 1)
		i += stride
	}
}

// HistoShmemKernel is histo_kernel of chapter09/hist_gpu_shmem_atomics.cu.
//
//gocuda:kernel HistoShmemKernel
func histoShmemKernel(t *gocuda.Thread, buffer []uint8, size int64, histo []uint32) {
	temp := gocuda.Shared[uint32](t, 256)
	temp[t.ThreadIdx.X] = 0
	t.SyncThreads()

	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	stride := t.BlockDim.X * t.GridDim.X
	for int64(i) < size {
		atomic.Add(&temp[buffer[i]], 1)
		i += stride
	}
	t.SyncThreads()
	atomic.Add(&histo[t.ThreadIdx.X], temp[t.ThreadIdx.X])
}
