package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSinkScan: the block scan whose last store the compiled form runs
// in both branches of if blockDim > 32, with blocks of one warp (the
// branch not taken) and of several, on sizes that leave the last block
// partial: each block's inclusive prefix sums, as a sequential scan
// computes them, on both paths.
func TestSinkScan(t *testing.T) {
	for _, block := range []int{32, 64, 256} {
		for _, n := range []int{0, 1, 100, 1000} {
			t.Run(fmt.Sprintf("%d/%d", block, n), func(t *testing.T) {
				in := randInts(n)
				want := make([]int32, n)
				for b := 0; b < n; b += block {
					var sum int32
					for i := b; i < min(b+block, n); i++ {
						sum += in[i]
						want[i] = sum
					}
				}
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, n)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, block)}, Block: gocuda.Dim3{X: block}}
					return out, f.launch(cfg, SinkScanKernel(in, out))
				})
				assert.Equal(t, want, got)
			})
		}
	}
}
