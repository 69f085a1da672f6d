package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestOneWarp: a block's code for warp k alone, k the first warp, a
// middle one, the last and partial one of a 100-thread block, and no
// warp of it (4, -1): the lanes of warp k hold their element plus the
// next lane's (a lane whose source is past the warp's width, or the
// block's last partial warp's end, keeps its own), every other element
// of out stays zero, on both paths.
func TestOneWarp(t *testing.T) {
	const block, blocks = 100, 3
	in := randInts(block * blocks)
	for _, k := range []int{0, 1, 3, 4, -1} {
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			want := make([]int32, len(in))
			for b := 0; b < blocks; b++ {
				lo, hi := b*block+k*32, min(b*block+k*32+32, (b+1)*block)
				for i := lo; k >= 0 && i < hi; i++ {
					want[i] = in[i]
					if i+1 < hi {
						want[i] += in[i+1]
					} else {
						want[i] += in[i]
					}
				}
			}
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, len(in))
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
				return out, f.launch(cfg, OneWarpKernel(in, out, k))
			})
			assert.Equal(t, want, got)
		})
	}
}
