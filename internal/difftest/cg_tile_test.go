package difftest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSumTileForms: the Programming Guide's tiled-partition sum agrees on
// both paths and with the host's sum.
func TestSumTileForms(t *testing.T) {
	for _, n := range []int{0, 4, 64, 1000, 1 << 14} {
		input := randInts(n)
		var want int32
		for _, v := range input {
			want += v
		}
		for _, cfg := range []gocuda.Config{
			{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}},
			{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 64}},
			{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 256}},
		} {
			got := agree(t, func(f form) (int32, error) {
				var sum int32
				return sum, f.launch(cfg, SumTileKernel(&sum, input))
			})
			require.Equal(t, want, got, "n=%d, %v", n, cfg)
		}
	}
}

// TestTileOpsForms: every tile operation agrees on both paths, for every
// tile size, whole warps and blocks with a partial last warp, and the
// ranks, shuffles, votes and sums match a host model of the tiles.
func TestTileOpsForms(t *testing.T) {
	for _, size := range []int{1, 2, 4, 8, 16, 32} {
		for _, bs := range []gocuda.Dim3{{X: 32, Y: 1}, {X: 64, Y: 1}, {X: 96, Y: 1}, {X: 16, Y: 4}, {X: 40, Y: 1}, {X: 20, Y: 1}} {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: bs}
			n := 2 * bs.X * bs.Y
			got := agree(t, func(f form) ([]TileOut, error) {
				out := make([]TileOut, n)
				return out, f.launch(cfg, TileOpsKernel(out, size))
			})
			checkTiles(t, got, size, bs.X*bs.Y)
		}
	}
}

// checkTiles compares TileOpsKernel's output with the tiles' definition;
// a partial last tile (a block size that is not a multiple of size) is the
// threads it has, and a shuffle from a missing thread returns the caller's
// own value.
func checkTiles(t *testing.T, got []TileOut, size, block int) {
	t.Helper()
	val := func(i int) int32 { return int32(i*7%23) - 11 }
	for i, o := range got {
		r, first := i%block%size, i-i%block%size
		have := min(size, block-first%block)
		assert.Equal(t, r, o.Rank, "thread %d", i)
		assert.Equal(t, i%block/size, o.Meta, "thread %d", i)
		assert.Equal(t, (block+size-1)/size, o.Metas, "thread %d", i)
		assert.Equal(t, r, o.Own, "thread %d", i)
		src := first + (r+1)%size
		if src >= first+have {
			src = i
		}
		assert.Equal(t, val(src), o.Shfl, "Shfl, thread %d", i)
		var sum, maxv int32 = 0, -1 << 31
		var ballot uint32
		for k := range have {
			v := val(first + k)
			sum, maxv = sum+v, max(maxv, v)
			if v%2 == 0 {
				ballot |= 1 << k
			}
		}
		assert.Equal(t, ballot, o.Ballot, "Ballot, thread %d", i)
		assert.Equal(t, maxv, o.Max, "Reduce Greater, thread %d", i)
		neighbour := first + (r ^ (r & 1))
		assert.Equal(t, sum+val(neighbour), o.Sum, "Sync and Reduce Plus, thread %d", i)
	}
}
