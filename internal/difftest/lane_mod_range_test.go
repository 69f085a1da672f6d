package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// laneModSumHost is LaneModSumKernel (and LaneMaskSumKernel) on the host, for blocks of whole
// warps: for each thread whose x index modulo 32 is 0, the shuffles' sum
// of its warp's lanes from its own on (a lane whose source is past lane
// 31 reads its own value).
func laneModSumHost(in []int32, blocks int, block gocuda.Dim3) []int32 {
	out := make([]int32, len(in))
	per := block.X * block.Y
	for b := range blocks {
		for w := 0; w < per; w += 32 {
			v := append([]int32(nil), in[b*per+w:b*per+w+32]...)
			for off := 16; off > 0; off /= 2 {
				next := append([]int32(nil), v...)
				for k := range 32 {
					if k+off < 32 {
						next[k] = v[k] + v[k+off]
					} else {
						next[k] = v[k] + v[k]
					}
				}
				v = next
			}
			for k := range 32 {
				if (w+k)%block.X%32 == 0 {
					out[b*per+w+k] = v[k]
				}
			}
		}
	}
	return out
}

// TestLaneModSum: a warp's store guarded by tid%32 == 0 (or tid&31 named
// in a variable), which the compiled form runs for lane 0 alone in
// one-dimensional blocks, stores from every thread it admits in blocks
// of any shape (of whole warps), as the host does.
func TestLaneModSum(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 64, Y: 1, Z: 1}, {X: 96, Y: 1, Z: 1}, {X: 24, Y: 4, Z: 1}, {X: 40, Y: 4, Z: 1}} {
		const blocks = 3
		in := randInts(blocks * block.X * block.Y)
		for name, kernel := range map[string]func(in, out []int32) func(*gocuda.Thread){"mod": LaneModSumKernel, "mask": LaneMaskSumKernel} {
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, len(in))
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: block}, kernel(in, out))
			})
			require.Equal(t, laneModSumHost(in, blocks, block), got, "block %v, %s", block, name)
		}
	}
}
