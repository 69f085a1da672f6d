package shared

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// privateHisto is Kirk and Hwu's privatized histogram with one element
// per thread: a block of at least 256 threads clears 256 bins in shared
// memory, counts its elements into them and merges them into the global
// bins, skipping the empty ones.
//
// shared makes the block's bins, where the block has at least 256
// threads along x and no more along y or z, the first 256 elements of
// bins' private copy, and skips the loops clearing and merging them.
func privateHisto(t *gocuda.Thread, data []byte, bins []uint32) {
	tid := t.ThreadIdx.X
	histoS := gocuda.Shared[uint32](t, 256)
	if tid < 256 {
		histoS[tid] = 0
	}
	t.SyncThreads()
	i := t.BlockIdx.X*t.BlockDim.X + tid
	if i < len(data) {
		atomic.Add(&histoS[data[i]], 1)
	}
	t.SyncThreads()
	if tid < 256 {
		if v := histoS[tid]; v > 0 {
			atomic.Add(&bins[tid], v)
		}
	}
}
