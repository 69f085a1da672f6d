package cg_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// partOut is what a thread learns of its partition.
type partOut struct {
	size, rank int
	sum        int    // Reduce over the partition
	mates      uint32 // Ballot(true): the partition's ranks
	first      int    // ShflRank from rank 0: the lowest member's thread index
	in         bool   // the thread took part
}

// refPartition returns, for each thread of a parent group (thread indices
// in rank order), the threads sharing its label, in lane order.
func refPartition(parent []int, label func(int) int) map[int][]int {
	out := map[int][]int{}
	for _, i := range parent {
		for _, j := range parent {
			if label(j) == label(i) {
				out[i] = append(out[i], j)
			}
		}
	}
	return out
}

// checkPartition compares each thread's view with the reference.
func checkPartition(t *testing.T, got []partOut, ref map[int][]int) {
	t.Helper()
	for i, members := range ref {
		var sum, rank int
		for r, j := range members {
			sum += j
			if j == i {
				rank = r
			}
		}
		want := partOut{size: len(members), rank: rank, sum: sum, mates: uint32(1)<<len(members) - 1, first: members[0], in: true}
		if len(members) == 32 {
			want.mates = gocuda.FullMask
		}
		require.Equal(t, want, got[i], "thread %d", i)
	}
}

func observe(c cg.Coalesced, i int) partOut {
	return partOut{size: c.Size(), rank: c.ThreadRank(), sum: cg.Reduce(c, i, cg.Plus), mates: c.Ballot(true),
		first: cg.ShflRank(c, i, 0), in: true}
}

// TestLabeledPartitionTiles: tiles of several sizes, a partial last tile
// among them, split by random labels.
func TestLabeledPartitionTiles(t *testing.T) {
	d := newDevice(t)
	for _, n := range []int{32, 20, 100} {
		for _, size := range []int{1, 4, 8, 32} {
			t.Run(fmt.Sprintf("block=%d/tile=%d", n, size), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(n), uint64(size)))
				labels := make([]int, n)
				for i := range labels {
					labels[i] = r.IntN(3) - 1 // -1, 0 or 1
				}
				got := make([]partOut, n)
				require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, func(th *gocuda.Thread) {
					i := th.ThreadIdx.X
					tile := cg.TiledPartition(cg.ThisThreadBlock(th), size)
					got[i] = observe(cg.LabeledPartition(tile, labels[i]), i)
				}))
				for first := 0; first < n; first += size {
					var tile []int
					for i := first; i < min(first+size, n); i++ {
						tile = append(tile, i)
					}
					checkPartition(t, got, refPartition(tile, func(i int) int { return labels[i] }))
				}
			})
		}
	}
}

// TestPartitionsCoalesced: coalesced parents of random lanes split by
// label and by predicate, the new groups usable as any coalesced group.
func TestPartitionsCoalesced(t *testing.T) {
	d := newDevice(t)
	r := rand.New(rand.NewPCG(21, 22))
	for trial := range 8 {
		mask := r.Uint32() | 1
		if trial == 0 {
			mask = gocuda.FullMask
		}
		labels, preds := make([]int, 32), make([]bool, 32)
		for i := range labels {
			labels[i], preds[i] = r.IntN(4)*1000, r.IntN(2) == 0
		}
		t.Run(fmt.Sprintf("%#x", mask), func(t *testing.T) {
			byLabel, byPred := make([]partOut, 32), make([]partOut, 32)
			require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(th *gocuda.Thread) {
				i := th.ThreadIdx.X
				if mask&(1<<i) == 0 {
					return
				}
				parent := cg.CoalescedThreads(th)
				byLabel[i] = observe(cg.LabeledPartition(parent, labels[i]), i)
				byPred[i] = observe(cg.BinaryPartition(parent, preds[i]), i)
			}))
			var parent []int
			for m := mask; m != 0; m &= m - 1 {
				parent = append(parent, bits.TrailingZeros32(m))
			}
			checkPartition(t, byLabel, refPartition(parent, func(i int) int { return labels[i] }))
			checkPartition(t, byPred, refPartition(parent, func(i int) int {
				if preds[i] {
					return 1
				}
				return 0
			}))
		})
	}
}

// TestBinaryPartitionTile: odd and even ranks of a tile of 8.
func TestBinaryPartitionTile(t *testing.T) {
	d := newDevice(t)
	got := make([]partOut, 64)
	require.NoError(t, d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 64}}, func(th *gocuda.Thread) {
		i := th.ThreadIdx.X
		tile := cg.TiledPartition(cg.ThisThreadBlock(th), 8)
		got[i] = observe(cg.BinaryPartition(tile, tile.ThreadRank()%2 == 1), i)
	}))
	for first := 0; first < 64; first += 8 {
		checkPartition(t, got, refPartition([]int{first, first + 1, first + 2, first + 3, first + 4, first + 5, first + 6, first + 7},
			func(i int) int { return i % 2 }))
	}
}
