package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSubTileForms: tiles of a 32-thread tile agree on both paths and with
// the host, for every size and whole-warp blocks (a tile of a partial
// tile is undefined in CUDA).
func TestSubTileForms(t *testing.T) {
	for _, size := range []int{1, 2, 4, 8, 16, 32} {
		for _, bs := range []gocuda.Dim3{{X: 32, Y: 1}, {X: 64, Y: 1}, {X: 16, Y: 6}} {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: bs}
			n := 2 * bs.X * bs.Y
			got := agree(t, func(f form) ([]SubTileOut, error) {
				out := make([]SubTileOut, n)
				return out, f.launch(cfg, SubTileKernel(out, size))
			})
			block := bs.X * bs.Y
			for i, o := range got {
				r := i % block % size
				first := i - r
				var sum int32
				for j := first; j < first+size; j++ {
					sum += int32(j*5%17) - 8
				}
				var ballot uint32
				for k := 0; k < size; k += 3 {
					ballot |= 1 << k
				}
				meta := i % block % 32 / size
				want := SubTileOut{Rank: r, Meta: meta, Metas: 32 / size, Own: meta, ParentMeta: i % block / 32, Sum: sum, Ballot: ballot}
				require.Equal(t, want, o, "size %d block %v thread %d", size, bs, i)
			}
		}
	}
}
