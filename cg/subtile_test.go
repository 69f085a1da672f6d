package cg_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// TestTileOfTile: tiled_partition(tile32, 8) holds the threads the block's
// partition by 8 would, and its meta-group rank and size count the tiles
// of its parent tile, as in CUDA; its collectives stay within it.
func TestTileOfTile(t *testing.T) {
	d := newDevice(t)
	const n = 96
	got := make([][5]int, n)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
		g32 := cg.TiledPartition(cg.ThisThreadBlock(th), 32)
		g8 := cg.TiledPartition(g32, 8)
		v := th.ThreadIdx.X
		for off := g8.Size() / 2; off > 0; off /= 2 {
			v += cg.ShflDown(g8, v, off)
		}
		got[th.ThreadIdx.X] = [5]int{g8.ThreadRank(), g8.MetaGroupRank(), g8.MetaGroupSize(), cg.Shfl(g8, v, 0), g32.MetaGroupRank()}
	}))
	for i, g := range got {
		first := i / 8 * 8
		sum := 0
		for j := first; j < first+8; j++ {
			sum += j
		}
		require.Equal(t, [5]int{i % 8, i % 32 / 8, 4, sum, i / 32}, g, "thread %d", i)
	}
}

// TestTileOfTileTooLarge: a tile partitioned into tiles larger than itself
// fails the launch with ErrInvalidValue.
func TestTileOfTileTooLarge(t *testing.T) {
	d := newDevice(t)
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		cg.TiledPartition(cg.TiledPartition(cg.ThisThreadBlock(th), 8), 16)
	})
	require.True(t, errors.Is(err, gocuda.ErrInvalidValue), "%v", err)
	require.ErrorContains(t, err, "larger than its parent tile's")
}
