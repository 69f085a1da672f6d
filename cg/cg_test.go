package cg_test

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

func newDevice(t *testing.T) *gocuda.Device {
	t.Helper()
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	t.Cleanup(func() { _ = d.Close() })
	return d
}

// TestTileReduce: every tile size sums its threads' values with ShflDown and
// reports ranks, checked against host arithmetic.
func TestTileReduce(t *testing.T) {
	d := newDevice(t)
	const n = 128
	for _, size := range []int{1, 2, 4, 8, 16, 32} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			sums := make([]int, n)
			ranks, metas, ballots := make([]int, n), make([]int, n), make([]uint32, n)
			err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
				tile := cg.TiledPartition(cg.ThisThreadBlock(th), size)
				i := th.ThreadIdx.X
				v := i * 3
				for off := tile.Size() / 2; off > 0; off /= 2 {
					v += cg.ShflDown(tile, v, off)
				}
				v = cg.Shfl(tile, v, 0) // rank 0 holds the sum; everyone reads it
				tile.Sync()
				if th.BlockIdx.X == 1 {
					sums[i], ranks[i], metas[i] = v, tile.ThreadRank(), tile.MetaGroupRank()
					ballots[i] = tile.Ballot(tile.ThreadRank()%2 == 0)
				}
			})
			require.NoError(t, err)
			for i := range n {
				first := i / size * size
				want := 0
				for j := first; j < first+size; j++ {
					want += j * 3
				}
				require.Equal(t, want, sums[i], "thread %d", i)
				require.Equal(t, i%size, ranks[i])
				require.Equal(t, i/size, metas[i])
				var wantBallot uint32
				for r := 0; r < size; r += 2 {
					wantBallot |= 1 << r
				}
				require.Equal(t, wantBallot, ballots[i])
			}
		})
	}
}

func TestTileVotesAndXor(t *testing.T) {
	d := newDevice(t)
	got := make([][3]int, 32)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		tile := cg.TiledPartition(cg.ThisThreadBlock(th), 8)
		r := tile.ThreadRank()
		anyHigh, all := tile.Any(r == 7 && tile.MetaGroupRank() == 2), tile.All(r < 8)
		got[th.ThreadIdx.X] = [3]int{b2i(anyHigh), b2i(all), cg.ShflXor(tile, r, 3)}
		assert.Equal(t, 4, tile.MetaGroupSize())
		assert.Equal(t, 32, cg.ThisThreadBlock(th).Size())
	}))
	for i, g := range got {
		require.Equal(t, [3]int{b2i(i/8 == 2), 1, (i % 8) ^ 3}, g, "thread %d", i)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCoalescedThreads: in a divergent branch, the coalesced group is the
// lanes that took it; ranks, size, ballots and shuffles follow lane order.
func TestCoalescedThreads(t *testing.T) {
	d := newDevice(t)
	type out struct {
		rank, size, fromRank0 int
		ballot                uint32
	}
	got := make([]out, 32)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		lane := th.LaneID()
		if lane%3 != 0 {
			return // these lanes leave; lanes 0, 3, ..., 30 stay
		}
		c := cg.CoalescedThreads(th)
		got[lane] = out{c.ThreadRank(), c.Size(), cg.ShflRank(c, lane*10, 0), c.Ballot(lane >= 15)}
		c.Sync()
	}))
	mask := uint32(0)
	for l := 0; l < 32; l += 3 {
		mask |= 1 << l
	}
	for l := 0; l < 32; l += 3 {
		rank := bits.OnesCount32(mask & (1<<l - 1))
		want := out{rank: rank, size: 11, fromRank0: 0, ballot: 0x7e0} // lanes 15..30: ranks 5..10
		require.Equal(t, want, got[l], "lane %d", l)
	}
}

func TestTileErrors(t *testing.T) {
	d := newDevice(t)
	err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		cg.TiledPartition(cg.ThisThreadBlock(th), 12)
	})
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)

}

// TestPartialTile: a 40-thread block split into tiles of 16 has a last tile
// of 8 threads (32..39); its collectives take those 8, as they take the
// non-exited threads of any tile.
func TestPartialTile(t *testing.T) {
	d := newDevice(t)
	sums, ballots := make([]int, 40), make([]uint32, 40)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 40}}, func(th *gocuda.Thread) {
		tile := cg.TiledPartition(cg.ThisThreadBlock(th), 16)
		tile.Sync()
		v := th.ThreadIdx.X
		for off := tile.Size() / 2; off > 0; off /= 2 {
			v += cg.ShflDown(tile, v, off) // past the last thread: own value
		}
		sums[th.ThreadIdx.X] = cg.Shfl(tile, v, 0)
		ballots[th.ThreadIdx.X] = tile.Ballot(true)
	}))
	for i := range 40 {
		want, ballot := 0, uint32(0xffff)
		for j := i &^ 15; j < min(i&^15+16, 40); j++ {
			want += j
		}
		if i >= 32 {
			ballot = 0xff
		}
		require.Equal(t, ballot, ballots[i], "thread %d", i)
		if i < 32 {
			require.Equal(t, want, sums[i], "thread %d", i)
		}
	}
}

// TestCoalescedThreadsFollowBranches: a coalesced group made in each arm of
// an if holds that arm's threads.
func TestCoalescedThreadsFollowBranches(t *testing.T) {
	d := newDevice(t)
	sizes, ranks := make([]int, 32), make([]int, 32)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
		var c cg.Coalesced
		if th.LaneID() < 12 {
			c = cg.CoalescedThreads(th)
		} else {
			c = cg.CoalescedThreads(th)
		}
		sizes[th.LaneID()], ranks[th.LaneID()] = c.Size(), c.ThreadRank()
		c.Sync()
	}))
	for lane := range 32 {
		size, rank := 12, lane
		if lane >= 12 {
			size, rank = 20, lane-12
		}
		require.Equal(t, size, sizes[lane], "lane %d", lane)
		require.Equal(t, rank, ranks[lane], "lane %d", lane)
	}
}

func TestGridRanks(t *testing.T) {
	d := newDevice(t)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 2, Z: 2}, Block: gocuda.Dim3{X: 4, Y: 2, Z: 2}}
	const blocks, threads = 8, 16
	ranks := make([]int64, blocks*threads)
	seen := make([]int64, blocks*threads)
	require.NoError(t, d.LaunchCooperative(cfg, func(th *gocuda.Thread) {
		g := cg.ThisGrid(th)
		b := (th.BlockIdx.Z*2+th.BlockIdx.Y)*2 + th.BlockIdx.X
		i := int64(b*threads + cg.ThisThreadBlock(th).ThreadRank())
		if g.BlockRank() != b || g.NumBlocks() != blocks || g.Size() != blocks*threads ||
			g.BlockIndex() != th.BlockIdx || g.DimBlocks() != th.GridDim || !g.IsValid() {
			panic("wrong grid geometry")
		}
		ranks[i] = g.ThreadRank()
		g.Sync()
		seen[i] = ranks[(i+threads)%(blocks*threads)] // the next block's
	}))
	for i := range ranks {
		assert.EqualValues(t, i, ranks[i])
		assert.EqualValues(t, (i+threads)%(blocks*threads), seen[i])
	}
	require.NoError(t, d.Launch(gocuda.Config{}, func(th *gocuda.Thread) {
		if cg.ThisGrid(th).IsValid() {
			panic("a plain launch is not cooperative")
		}
	}))
}
