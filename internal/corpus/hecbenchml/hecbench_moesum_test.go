package hecbenchml

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMoeSum runs both moe-sum kernels on 5 tokens of hidden size 1300
// for TOPK 2, 3 and 4, with moe_sum's blocks (min(hidden, 1024) and
// min(hidden/4, 1024)), against moe-sum-cuda's reference.h.
func TestMoeSum(t *testing.T) {
	const tokens, d = 5, 1300
	for topk := 2; topk <= 4; topk++ {
		input := randF32(rng(tokens, d, topk), tokens*topk*d)
		want := make([]float32, tokens*d)
		for i := range tokens {
			for j := range d {
				s := float32(0)
				for k := range topk {
					s += input[(i*topk+k)*d+j]
				}
				want[i*d+j] = s
			}
		}
		for _, c := range []struct {
			name  string
			block int
			kern  func(out, input []float32, d, topk int) func(*gocuda.Thread)
		}{{"moe_sum_kernel", min(d, 1024), MoeSumKernel}, {"moe_sum_kernel_vec4", min(d/4, 1024), MoeSumKernelVec4}} {
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, tokens*d)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: tokens}, Block: gocuda.Dim3{X: c.block}}, c.kern(out, input, d, topk))
			})
			nearSlice(t, want, got, 0, "%s TOPK=%d", c.name, topk)
		}
	}
}
