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
	out := make([]int32, len(in))
	for b := range blocks {
		for w := 0; w < block; w += 32 {
			n := min(32, block-w)
			v := make([]int32, n)
			for j := range v {
				if i := b*block + w + j; i < len(in) {
					v[j] = in[i]
				}
			}
			down := func(v []int32, j, d int) int32 { // a shuffle down's source, or the lane's own
				if j+d < n {
					return v[j+d]
				}
				return v[j]
			}
			x := scanStepsHost(v)
			y := make([]int32, n)
			for j := range y {
				y[j] = down(x, j, 1)
			}
			u := scanStepsHost(y)
			for j := range n {
				if j%2 == 1 {
					y[j] += down(u, j, 2)
				}
				if j^1 < n {
					y[j] += u[j^1] + 3*u[j]
				} else {
					y[j] += u[j] + 3*u[j]
				}
				if i := b*block + w + j; i < len(out) {
					out[i] = y[j]
				}
			}
		}
	}
	return out
}

// scanStepsHost is scanSteps for a warp's lanes v: two steps of a shuffle
// scan, where a lane with no lane d before adds its own value.
func scanStepsHost(v []int32) []int32 {
	for d := 1; d <= 2; d *= 2 {
		next := make([]int32, len(v))
		for j := range next {
			next[j] = v[j] + v[max(j-d, 0)]
			if j < d {
				next[j] = 2 * v[j]
			}
		}
		v = next
	}
	return v
}
