package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestWarpMaskForms: a mask computed once per warp from the warp's index
// agrees with the runtime path and CUDA's semantics, over blocks whose
// last warp is partial.
func TestWarpMaskForms(t *testing.T) {
	for _, bs := range []int{1, 20, 32, 45, 70, 96} {
		t.Run(fmt.Sprint(bs), func(t *testing.T) {
			const grid = 3
			in := randInts(grid * bs)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, grid*bs)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, WarpMaskKernel(in, out))
			})
			for b := range grid {
				for w := 0; w < bs; w += 32 {
					lanes := min(32, bs-w)
					sums := make([]int32, lanes)
					anyPos := false
					for l := range lanes {
						i := b*bs + w + l
						sums[l] = in[i]
						if l+1 < lanes {
							sums[l] += in[i+1]
						} else {
							sums[l] += in[i] // a lane past the mask: its own value
						}
					}
					if w/32%2 == 1 {
						first := sums[0]
						for l := range lanes {
							sums[l] += first
						}
					}
					for l := range lanes {
						anyPos = anyPos || sums[l] > 0
					}
					for l := range lanes {
						want := int32(0)
						if anyPos {
							want = sums[l]
						}
						require.Equal(t, want, got[b*bs+w+l], "block %d warp %d lane %d", b, w/32, l)
					}
				}
			}
		})
	}
}
