package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestOperandCopy: shuffles of copies of a lane's value (a helper's
// result, a copy of it), in whole warps and a partial last warp, with a
// full mask and among odd lanes,
// against a host reference of CUDA's shuffles (a lane whose source lies
// outside the warp's threads gets its own value).
func TestOperandCopy(t *testing.T) {
	for _, block := range []int{32, 100} {
		t.Run(fmt.Sprint(block), func(t *testing.T) {
			const blocks = 3
			in := randInts(block*blocks - 5)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, len(in))
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
				return out, f.launch(cfg, OperandCopyKernel(in, out))
			})
			assert.Equal(t, operandCopyHost(in, block, blocks), got)
		})
	}
}

// operandCopyHost is OperandCopyKernel on the host, warp by warp.
func operandCopyHost(in []int32, block, blocks int) []int32 {
	return hostWarps(in, len(in), block, blocks, block, nil, func(v []int32) []int32 {
		x := scanStepsHost(v)
		y := make([]int32, len(v))
		for j := range y {
			y[j] = lane(x, j, j+1)
		}
		u := scanStepsHost(y)
		for j := range y {
			if j%2 == 1 {
				y[j] += lane(u, j, j+2)
			}
			y[j] += lane(u, j, j^1) + 3*u[j]
		}
		return y
	})
}
