package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDemandIf: a block reduction whose second stage shuffles inside if
// tid < 32, reading the sum in thread 0 alone, agrees on both forms in
// blocks of one row (where it is each block's sum, as the host's) and of
// several (where the if splits warps and each row's thread 0 reads its
// warp's partial sums).
func TestDemandIf(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 64, Y: 1, Z: 1}, {X: 256, Y: 1, Z: 1}, {X: 24, Y: 4, Z: 1}, {X: 40, Y: 4, Z: 1}, {X: 16, Y: 8, Z: 1}} {
		const blocks = 3
		per := block.X * block.Y
		in := randInts(blocks * per)
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, blocks*block.Y)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: block}, DemandIfKernel(in, out))
		})
		if block.Y == 1 {
			for b := range blocks {
				var sum int32
				for _, e := range in[b*per : (b+1)*per] {
					sum += e
				}
				require.Equal(t, sum, got[b], "block %d of %v", b, block)
			}
		}
	}
}
