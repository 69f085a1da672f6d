// Package cgtile holds kernels written with cooperative groups' tiles.
package cgtile

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// tileSum is the CUDA Programming Guide's reduce_sum_tile_shfl over
// tiles of 16, its sums added by each tile's rank 0.
func tileSum(t *gocuda.Thread, sum *int32, in []int32) {
	tile := cg.TiledPartition(cg.ThisThreadBlock(t), 16)
	v := in[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X]
	for i := tile.Size() / 2; i > 0; i /= 2 {
		v += cg.ShflDown(tile, v, i)
	}
	if tile.ThreadRank() == 0 {
		atomic.Add(sum, v)
	}
}

// tileReduce reduces over tiles of 8 with cg.Reduce and stores each
// tile's sum at the tile's index.
func tileReduce(t *gocuda.Thread, out []float32, in []float32) {
	tile := cg.TiledPartition(cg.ThisThreadBlock(t), 8)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := cg.Reduce(tile, in[i], cg.Plus[float32])
	if tile.ThreadRank() == 0 {
		out[t.BlockIdx.X*tile.MetaGroupSize()+tile.MetaGroupRank()] = s
	}
}

// subTile partitions a 32-thread tile into tiles of 8 (CUDA's
// tiled_partition(tile32, 8)): sums over them, their index among the
// parent tile's four, read directly and in a function without
// collectives.
func subTile(t *gocuda.Thread, out []int32, in []int32) {
	tile32 := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	tile8 := cg.TiledPartition(tile32, 8)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := cg.Reduce(tile8, in[i], cg.Plus[int32])
	if tile8.ThreadRank() == 0 {
		out[i/8] = s + int32(tile8.MetaGroupRank()*100+metaOf(tile8)*1000)
	}
}

// metaOf reads a tile's index among its parent's tiles.
func metaOf(g cg.Tile) int { return g.MetaGroupRank() }

// declaredTile declares its tile with var and partitions the block under
// a condition: its size is not known to be 16 where the condition fails
// (the zero Tile's is 0), so Size stays a call.
func declaredTile(t *gocuda.Thread, out []int32, n int) {
	var tile cg.Tile
	if n > 0 {
		tile = cg.TiledPartition(cg.ThisThreadBlock(t), 16)
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = int32(tile.Size())
}

// cyclicTile assigns its tile from a copy of itself: the compiler must
// not follow the assignments round forever (the size stays a call).
func cyclicTile(t *gocuda.Thread, out []int32) {
	t1 := cg.TiledPartition(cg.ThisThreadBlock(t), 16)
	t2 := t1
	t1 = t2
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = int32(t1.Size() + t2.MetaGroupRank())
}
