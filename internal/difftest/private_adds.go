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

// PrivateMergeKernel is Kirk and Hwu's privatized histogram with one
// element per thread: a block counts into shared bins, then adds each
// to the global bins. Compiled, the global bins, only added to, get a
// private copy per chunk of blocks, which the engine merges when the
// chunk ends; on the runtime path, every merge is an atomic.
//
//gocuda:kernel PrivateMergeKernel
func privateMerge(t *gocuda.Thread, data []byte, bins []uint32) {
	tid := t.ThreadIdx.X
	local := gocuda.Shared[uint32](t, 64)
	for b := tid; b < len(local); b += t.BlockDim.X {
		local[b] = 0
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(data) {
		atomic.Add(&local[data[i]%64], 1)
	}
	t.SyncThreads()
	for b := tid; b < len(local); b += t.BlockDim.X {
		if v := local[b]; v > 0 {
			atomic.Add(&bins[b], v)
		}
	}
}

// PrivateOpsKernel keeps, per key, the largest and smallest value seen
// and the union of its bits, with atomic.Max, atomic.Min and atomic.Or
// on global slices it only updates so (and a count it adds to and
// subtracts from): compiled, each gets a private copy per chunk of
// blocks, which starts at its operator's identity.
//
//gocuda:kernel PrivateOpsKernel
func privateOps(t *gocuda.Thread, keys []byte, vals []int32, hi, lo []int32, bits []uint32, net []int64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(keys) {
		k, v := keys[i], vals[i]
		atomic.Max(&hi[k], v)
		atomic.Min(&lo[k], v)
		atomic.Or(&bits[k], uint32(v))
		if v < 0 {
			atomic.Sub(&net[k], -int64(v))
		} else {
			atomic.Add(&net[k], int64(v))
		}
	}
}
