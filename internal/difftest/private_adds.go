package difftest

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// PrivateAddsKernel is the textbook's first histogram, one element per
// thread and an atomicAdd on the global bins, with a weighted int64
// histogram beside it whose weights may be negative (its sums wrap):
// compiled, both slices are only added to, and a chunk of blocks adds to
// private copies it merges at its end; on the runtime path, every add is
// an atomic. A byte past len(bins) fails at its thread.
//
//gocuda:kernel PrivateAddsKernel
func privateAdds(t *gocuda.Thread, data []byte, weights []int64, bins []uint32, sums []int64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(data) {
		b := data[i]
		atomic.Add(&bins[b], 1)
		atomic.Add(&sums[int(b)%len(sums)], weights[i])
	}
}
