package difftest

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSharedAtomics: atomics on shared memory, plain reads and writes in
// the compiled form, give the runtime path's results and a host
// reference's, for partial last blocks and blocks of one thread.
func TestSharedAtomics(t *testing.T) {
	for _, c := range []struct{ n, bs int }{{1, 1}, {7, 4}, {100, 32}, {300, 128}} {
		t.Run(fmt.Sprintf("n=%d/block=%d", c.n, c.bs), func(t *testing.T) {
			in := make([]int32, c.n)
			for i := range in {
				in[i] = int32(i*7919%201) - 100
			}
			nb := blocks(c.n, c.bs)
			type result struct {
				out  []int32
				fout []float32
			}
			got := agree(t, func(f form) (result, error) {
				r := result{make([]int32, 16*nb), make([]float32, 2*nb)}
				return r, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nb}, Block: gocuda.Dim3{X: c.bs}}, SharedAtomicsKernel(in, r.out, r.fout))
			})
			for b := range nb {
				part := in[b*c.bs : min((b+1)*c.bs, c.n)]
				want := []int32{0, math.MaxInt32, math.MinInt32, -1, 0, 0, 1, 1, int32(len(part)), 1000}
				fwant := []float32{0, float32(math.Inf(1))}
				for _, v := range part {
					want[0] += v
					want[1], want[2] = min(want[1], v), max(want[2], v)
					want[3] &= v
					want[4] |= v
					want[5] ^= v
					want[9] -= v & 7
					fwant[0] += float32(v % 16)
					fwant[1] = min(fwant[1], float32(v))
				}
				require.Equal(t, want, got.out[16*b:16*b+10], "block %d", b)
				require.Equal(t, fwant, got.fout[2*b:2*b+2], "block %d", b)
			}
		})
	}
}
