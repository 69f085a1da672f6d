package difftest

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of TestJamLoops: each thread of the grid sums its run of
// in, from bounds[i] to bounds[i+1], with a loop written in the kernel
// that ends the thread's code before a collective or a barrier, or
// before the store of its result (jam_region.go's loops). Thread bad's
// run is longer than in holds from its start: its loop fails there.

// JamLoopWarpKernel ranges over the run, then shuffles each warp's sums
// down to lane 0, which stores the warp's sum at its first thread's
// slot of sums.
//
//gocuda:kernel JamLoopWarpKernel
func jamLoopWarp(t *gocuda.Thread, in []float32, sums []float64, bounds []int, bad int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, n := bounds[i], bounds[i+1]-bounds[i]
	if i == bad {
		n += len(in)
	}
	var v float64
	for _, e := range in[lo : lo+n] {
		v += float64(e)
	}
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if t.LaneID() == 0 {
		sums[i] = v
	}
}

// JamLoopStoreKernel counts through the run and stores its sum at
// sums[i].
//
//gocuda:kernel JamLoopStoreKernel
func jamLoopStore(t *gocuda.Thread, in []float32, sums []float64, bounds []int, bad int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, n := bounds[i], bounds[i+1]-bounds[i]
	if i == bad {
		n += len(in)
	}
	s := 0.0
	for k := 0; k < n; k++ {
		s += float64(in[lo+k])
	}
	sums[i] = s
}

// JamLoopMaxKernel takes the largest of every other element of the run
// (from -1 for an empty run) through a helper, keeps it past a barrier,
// and stores it reversed within the block.
//
//gocuda:kernel JamLoopMaxKernel
func jamLoopMax(t *gocuda.Thread, in []float32, sums []float64, bounds []int, bad int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, n := bounds[i], bounds[i+1]-bounds[i]
	if i == bad {
		n += len(in)
	}
	m := float32(-1)
	for k := lo; k < lo+n; k += 2 {
		m = larger(m, in[k])
	}
	t.SyncThreads()
	sums[t.BlockIdx.X*t.BlockDim.X+t.BlockDim.X-1-t.ThreadIdx.X] = float64(m)
}

// larger is the larger of a and b.
func larger(a, b float32) float32 {
	if a > b {
		return a
	}
	return b
}

// JamReduceKernel sums the run with the helper jamSum, whose result is
// the value cooperative groups' Reduce sums over each tile of 32, lane 0
// storing the tile's sum at its first thread's slot (the jam stores each
// call's result in the collective's operand array).
//
//gocuda:kernel JamReduceKernel
func jamReduce(t *gocuda.Thread, in []float32, sums []float64, bounds []int, bad int) {
	tile := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, n := bounds[i], bounds[i+1]-bounds[i]
	if i == bad {
		n += len(in)
	}
	v := jamSum(in, lo, n)
	v = cg.Reduce(tile, v, cg.Plus[float64])
	if tile.ThreadRank() == 0 {
		sums[i] = v
	}
}

// JamHelperCountedKernel sums the run with indexSum, a helper counting
// through it by index, and stores the sum at sums[i].
//
//gocuda:kernel JamHelperCountedKernel
func jamHelperCounted(t *gocuda.Thread, in []float32, sums []float64, bounds []int, bad int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, n := bounds[i], bounds[i+1]-bounds[i]
	if i == bad {
		n += len(in)
	}
	sums[i] = indexSum(in, lo, n)
}

// indexSum is the sum of in[lo:lo+n], counted by index: each element's
// index is the helper's parameters', bounded by no slice's length.
func indexSum(in []float32, lo, n int) float64 {
	var s float64
	for k := 0; k < n; k++ {
		s += float64(in[lo+k])
	}
	return s
}

// JamLoopShiftKernel sums every other element of the run by a counter of
// pairs, its index written as a shift (lo + k<<1), and stores the sum.
//
//gocuda:kernel JamLoopShiftKernel
func jamLoopShift(t *gocuda.Thread, in []float32, sums []float64, bounds []int, bad int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lo, n := bounds[i], bounds[i+1]-bounds[i]
	if i == bad {
		n += len(in)
	}
	pairs := (n + 1) / 2
	s := 0.0
	for k := 0; k < pairs; k++ {
		s += float64(in[lo+k<<1])
	}
	sums[i] = s
}
