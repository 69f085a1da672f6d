package difftest

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// SumTileKernel is the CUDA C++ Programming Guide's tiled-partition sum:
// each thread sums its grid-stride share of input (thread_sum), each
// 32-thread tile of tiled_partition<32>(this_thread_block()) reduces the
// partial sums with shfl_down (reduce_sum_tile_shfl), and each tile's
// rank 0 adds the tile's sum to *sum.
//
//gocuda:kernel SumTileKernel
func sumTile(t *gocuda.Thread, sum *int32, input []int32) {
	mySum := threadSum(t, input)
	tile32 := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	tileSum := reduceSumTileShfl(tile32, mySum)
	if tile32.ThreadRank() == 0 {
		atomic.Add(sum, tileSum)
	}
}

// reduceSumTileShfl is the Guide's reduce_sum_tile_shfl: halving
// shfl_down steps; rank 0 of the tile gets the sum.
func reduceSumTileShfl(g cg.Tile, val int32) int32 {
	for i := g.Size() / 2; i > 0; i /= 2 {
		val += cg.ShflDown(g, val, i)
	}
	return val
}

// A TileOut is what TileOpsKernel writes for one thread.
type TileOut struct {
	Rank, Meta, Metas, Own int
	Shfl, Up, Down, Xor    int32
	Any, All               bool
	Ballot                 uint32
	Sum, Max               int32
	FSum                   float32
	Incl, Excl             float32
}

// TileOpsKernel exercises every tile operation the compiler lowers, over
// tiles of size threads (a power of two up to 32): ranks, the tile's
// index and count, the four shuffles, the votes, Sync between a store and
// a read of shared memory, cg.Reduce with cg.Plus, cg.Greater and a
// function literal on float32 (whose order shows), and both scans. out
// has one element per thread of the grid.
//
//gocuda:kernel TileOpsKernel
func tileOps(t *gocuda.Thread, out []TileOut, size int) {
	block := cg.ThisThreadBlock(t)
	tile := cg.TiledPartition(block, size)
	i := t.BlockIdx.X*block.Size() + block.ThreadRank()
	r := tile.ThreadRank()
	v := int32(i*7%23) - 11
	o := TileOut{Rank: r, Meta: tile.MetaGroupRank(), Metas: tile.MetaGroupSize(), Own: tileRankOf(tile)}
	o.Shfl = cg.Shfl(tile, v, r+1)
	o.Up = cg.ShflUp(tile, v, 1)
	o.Down = cg.ShflDown(tile, v, size/2)
	o.Xor = cg.ShflXor(tile, v, 1)
	o.Any = tile.Any(v > 9)
	o.All = tile.All(v > -12)
	o.Ballot = tile.Ballot(v%2 == 0)
	seen := gocuda.Shared[int32](t, block.Size())
	seen[block.ThreadRank()] = v
	tile.Sync()
	o.Sum = seen[block.ThreadRank()^(r&1)] // a neighbour's store, ordered by the tile's Sync
	o.Sum += cg.Reduce(tile, v, cg.Plus[int32])
	o.Max = cg.Reduce(tile, v, cg.Greater[int32])
	f := float32(v) * 0.37
	o.FSum = cg.Reduce(tile, f, func(a, b float32) float32 { return a + b })
	o.Incl = cg.InclusiveScan(tile, f, cg.Plus[float32])
	o.Excl = cg.ExclusiveScan(tile, f, cg.Plus[float32])
	out[i] = o
}

// tileRankOf reads the tile's rank in a function without collectives,
// which the compiled form calls with the thread's own handle.
func tileRankOf(g cg.Tile) int { return g.ThreadRank() }
