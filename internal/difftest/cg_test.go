package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSumBlockForms: the Programming Guide's cooperative-groups block sum
// (this_thread_block, its rank, size and sync, in a helper) agrees on
// both paths and with the host's sum, over block sizes and grids.
func TestSumBlockForms(t *testing.T) {
	for _, n := range []int{0, 4, 64, 1000, 1 << 14} {
		input := randInts(n)
		var want int32
		for _, v := range input {
			want += v
		}
		for _, cfg := range []gocuda.Config{
			{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 1}},
			{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 32}},
			{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 256}},
			{Grid: gocuda.Dim3{X: 5}, Block: gocuda.Dim3{X: 64}},
		} {
			got := agree(t, func(f form) (int32, error) {
				var sum int32
				return sum, f.launch(cfg, SumBlockKernel(&sum, input))
			})
			require.Equal(t, want, got, "n=%d, %v", n, cfg)
		}
	}
}
