package samplesbooks

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGpuRecursiveReduce runs gpuRecursiveReduce on blocks of 2 to 512
// ints against each block's sum, as the book's host code launches it
// (the block's size as isize).
func TestGpuRecursiveReduce(t *testing.T) {
	for _, block := range []int{2, 64, 512} {
		const blocks = 6
		r := rng(block, blocks)
		in := make([]int32, block*blocks)
		for i := range in {
			in[i] = r.Int32N(2001) - 1000
		}
		want := make([]int32, blocks)
		for i, v := range in {
			want[i/block] += v
		}
		got := agree(t, func(f form) ([]int32, error) {
			data, out := append([]int32(nil), in...), make([]int32, blocks)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
			return out, f.launch(cfg, GpuRecursiveReduceKernel(dev, data, out, uint32(block)))
		})
		require.Equal(t, want, got, "blocks of %d", block)
	}
}
