package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestWarpTailForms: the store after the warp's code sees what the warp
// wrote, for blocks of whole warps (64, 96, 128 threads).
func TestWarpTailForms(t *testing.T) {
	for _, bs := range []int{64, 96, 128} {
		t.Run(fmt.Sprint(bs), func(t *testing.T) {
			const grid = 5
			in := randInts(grid * bs)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, grid)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, WarpTailKernel(in, out))
			})
			for b := range grid {
				base := b * bs
				want := in[base] + in[base+32] + in[base+1] + in[base+33]
				require.Equal(t, want, got[b], "block %d", b)
			}
		})
	}
}
