package hecbenchatok

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestCRS runs the four gcrs kernels with k = 3 data words, blocks of 126
// threads (so that the threads past the block's last whole group return,
// 2 of them for W = 4, 1 for W = 5) and a size that leaves the last
// block partial (a multiple of W, as the coder's sizes are), against the
// XORs computed on the host.
func TestCRS(t *testing.T) {
	const k, block, index = 3, 126, 5
	for _, c := range []struct {
		m, w int
		kern func(k, index int, in, out []int64, bm []uint32, size int) func(*gocuda.Thread)
	}{
		{1, 4, GcrsM1W4CodingDotprodKernel},
		{1, 5, GcrsM1W5CodingDotprodKernel},
		{2, 4, GcrsM2W4CodingDotprodKernel},
		{4, 8, GcrsM4W8CodingDotprodKernel},
	} {
		size := 100 * c.w
		r := rng(c.m, c.w)
		in := make([]int64, k*size)
		for i := range in {
			in[i] = r.Int64()
		}
		bm := make([]uint32, index+k*c.w)
		for i := range bm {
			bm[i] = r.Uint32()
		}
		work := block / c.w * c.w
		want := make([]int64, c.m*size)
		for idx := range size {
			tid := idx % work
			base := idx - tid + tid/c.w*c.w
			o := tid % c.w
			for row := range c.m {
				var res int64
				for i := range k {
					for j := range c.w {
						if bm[index+i*c.w+j]>>(o+row*c.w)&1 != 0 {
							res ^= in[i*size+base+j]
						}
					}
				}
				want[idx+row*size] = res
			}
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: (size + work - 1) / work}, Block: gocuda.Dim3{X: block}, SharedMem: block * 8}
		got := agree(t, func(f form) ([]int64, error) {
			out := make([]int64, c.m*size)
			return out, f.launch(cfg, c.kern(k, index, in, out, bm, size))
		})
		require.Equal(t, want, got, fmt.Sprintf("gcrs_m_%d_w_%d", c.m, c.w))
	}
}
