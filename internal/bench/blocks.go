package bench

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of the block-level benchmarks (BenchmarkSyncThreads,
// BenchmarkBlockReduce), compiled by gocuda compile like any user's.

// SyncRoundsKernel returns the kernel of BenchmarkSyncThreads: each thread
// of the block bumps its own shared counter and crosses a barrier, rounds
// times. Counts, one per thread, receives the counters.
//
//gocuda:kernel SyncRoundsKernel
func syncRounds(t *gocuda.Thread, rounds int, counts []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	for range rounds {
		s[tid]++
		t.SyncThreads()
	}
	counts[tid] = s[tid]
}

// BlockReduceShuffleKernel returns the warp-shuffle block reduction of
// BenchmarkBlockReduce: each thread sums its run of run elements of x,
// each warp sums its threads' sums with shuffles, and thread 0 adds up the
// warps' sums into partial[blockIdx.x]. Blocks are one-dimensional, whole
// warps.
//
//gocuda:kernel BlockReduceShuffleKernel
func blockReduceShuffle(t *gocuda.Thread, x []float32, partial []float64, run int) {
	warps := gocuda.Shared[float64](t, t.BlockDim.X/gocuda.WarpSize)
	v := runSum(x, (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)*run, run)
	for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceTreeKernel returns the shared-memory tree reduction of
// BenchmarkBlockReduce: runs as for BlockReduceShuffleKernel, then a
// sequential-addressing tree over the block's sums. Blocks are
// one-dimensional, a power of two.
//
//gocuda:kernel BlockReduceTreeKernel
func blockReduceTree(t *gocuda.Thread, x []float32, partial []float64, run int) {
	s := gocuda.Shared[float64](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	s[tid] = runSum(x, (t.BlockIdx.X*t.BlockDim.X+tid)*run, run)
	t.SyncThreads()
	for stride := t.BlockDim.X / 2; stride > 0; stride /= 2 {
		if tid < stride {
			s[tid] += s[tid+stride]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = s[0]
	}
}

// BlockReduceGroupKernel returns BlockReduceTreeKernel written with
// cooperative groups, as CUDA's samples since CUDA 9 write it: the
// thread's rank, the block's size and its sync from cg.ThisThreadBlock.
// Its compiled form should run as fast as the tree's: the pair measures
// what the group costs.
//
//gocuda:kernel BlockReduceGroupKernel
func blockReduceGroup(t *gocuda.Thread, x []float32, partial []float64, run int) {
	block := cg.ThisThreadBlock(t)
	s := gocuda.Shared[float64](t, block.Size())
	tid := block.ThreadRank()
	s[tid] = runSum(x, (block.GroupIndex().X*block.Size()+tid)*run, run)
	block.Sync()
	for stride := block.Size() / 2; stride > 0; stride /= 2 {
		if tid < stride {
			s[tid] += s[tid+stride]
		}
		block.Sync()
	}
	if tid == 0 {
		partial[block.GroupIndex().X] = s[0]
	}
}

// BlockReduceTileKernel returns BlockReduceShuffleKernel written with
// cooperative groups, as CUDA's samples since CUDA 9 write it (reduce4's
// tile32.shfl_down): each warp a tile of 32 from tiled_partition, its
// shuffles cg.ShflDown, the tile's rank 0 storing its sum. Its compiled
// form should run as fast as the shuffles': the pair measures what the
// tile costs.
//
//gocuda:kernel BlockReduceTileKernel
func blockReduceTile(t *gocuda.Thread, x []float32, partial []float64, run int) {
	block := cg.ThisThreadBlock(t)
	tile := cg.TiledPartition(block, 32)
	warps := gocuda.Shared[float64](t, block.Size()/32)
	v := runSum(x, (block.GroupIndex().X*block.Size()+block.ThreadRank())*run, run)
	for off := tile.Size() / 2; off > 0; off /= 2 {
		v += cg.ShflDown(tile, v, off)
	}
	if tile.ThreadRank() == 0 {
		warps[tile.MetaGroupRank()] = v
	}
	block.Sync()
	if block.ThreadRank() == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[block.GroupIndex().X] = s
	}
}

// runSum is the sum of x[lo:lo+n].
func runSum(x []float32, lo, n int) float64 {
	var v float64
	for _, e := range x[lo : lo+n] {
		v += float64(e)
	}
	return v
}
