package difftest

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// A SubTileOut is what SubTileKernel writes for one thread.
type SubTileOut struct {
	Rank, Meta, Metas, Own, ParentMeta int
	Sum                                int32
	Ballot                             uint32
}

// SubTileKernel partitions each 32-thread tile of the block into tiles of
// size threads (CUDA's tiled_partition(tile32, size)): their ranks, their
// index and count among the parent tile's tiles (read directly, and in a
// function without collectives, which the compiled form calls with the
// thread's own handle), a shuffle-down sum and a ballot within each. out
// has one element per thread of the grid.
//
//gocuda:kernel SubTileKernel
func subTile(t *gocuda.Thread, out []SubTileOut, size int) {
	block := cg.ThisThreadBlock(t)
	tile32 := cg.TiledPartition(block, 32)
	tile := cg.TiledPartition(tile32, size)
	i := t.BlockIdx.X*block.Size() + block.ThreadRank()
	v := int32(i*5%17) - 8
	for off := tile.Size() / 2; off > 0; off /= 2 {
		v += cg.ShflDown(tile, v, off)
	}
	o := SubTileOut{Rank: tile.ThreadRank(), Meta: tile.MetaGroupRank(), Metas: tile.MetaGroupSize(), Own: metaRankOf(tile), ParentMeta: tile32.MetaGroupRank()}
	o.Sum = cg.Shfl(tile, v, 0)
	o.Ballot = tile.Ballot(o.Rank%3 == 0)
	out[i] = o
}

// metaRankOf reads the tile's index among its parent's tiles.
func metaRankOf(g cg.Tile) int { return g.MetaGroupRank() }
