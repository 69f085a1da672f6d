package shared

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// privateStrided is a privatized histogram whose block clears and merges
// its bins in loops striding by the block's width, and counts a
// grid-stride walk over the data.
//
// shared makes the block's bins, where the block is one-dimensional, the
// first 64 elements of counts' private copy, and skips the loops clearing
// and merging them.
func privateStrided(t *gocuda.Thread, keys []byte, counts []uint64) {
	tid := t.ThreadIdx.X
	local := gocuda.Shared[uint64](t, 64)
	for b := tid; b < 64; b += t.BlockDim.X {
		local[b] = 0
	}
	t.SyncThreads()
	for i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(keys); i += t.BlockDim.X * t.GridDim.X {
		atomic.Add(&local[keys[i]%64], 1)
	}
	t.SyncThreads()
	for b := tid; b < 64; b += t.BlockDim.X {
		if c := local[b]; c != 0 {
			atomic.Add(&counts[b], c)
		}
	}
}
