package difftest

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMemoNorm: the values every lane of a tile computes from its sums
// have the bits of the runtime path's, and a host reference's mean and
// reciprocal, in tiles of a whole warp and smaller, a partial block, and
// tiles whose sums are +0 and -0 in turn (1/sum +Inf and -Inf: a lane
// that took the last tile's results for equal sums would be wrong).
func TestMemoNorm(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	signedZeros := func(n, size int) []float32 {
		in := make([]float32, n)
		for i := range in {
			if i/size%2 == 1 {
				in[i] = negZero
			}
		}
		return in
	}
	cases := []struct {
		name string
		in   []float32
		size int
	}{
		{"random/32", randF(256), 32},
		{"random/8", randF(100), 8},
		{"same/16", make([]float32, 64), 16},
		{"zeros/8", signedZeros(64, 8), 8},
		{"zeros/32", signedZeros(128, 32), 32},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := len(c.in)
			got := agree(t, func(f form) ([]uint32, error) {
				out := make([]float32, 3*n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}},
					MemoNormKernel(out, c.in, c.size))
				return bitsOf(out), err
			})
			for i := range n {
				first := i / c.size * c.size
				var sum float64
				for _, v := range c.in[first:min(first+c.size, n)] {
					sum += float64(v)
				}
				m := math.Float32frombits(got[3*i+1])
				require.InDelta(t, sum/float64(c.size), m, 1e-5, "mean of element %d", i)
				inv := math.Float32frombits(got[3*i+2])
				if sum == 0 {
					require.Equal(t, math.Signbit(float64(c.in[first])), math.Signbit(float64(inv)), "1/sum of element %d", i)
				}
			}
		})
	}
}

// TestMemoVote: each lane's share, from its warp's ballot, is the
// runtime path's and a host reference's, in warps whose counts differ.
func TestMemoVote(t *testing.T) {
	for _, n := range []int{1, 32, 100, 256} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			in := randInts(n)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}},
					MemoVoteKernel(out, in))
			})
			for i := range n {
				first := i / 32 * 32
				positive := int32(0)
				for _, v := range in[first:min(first+32, n)] {
					if v > 0 {
						positive++
					}
				}
				require.Equal(t, in[i]*(1000/(positive+1)), got[i], "element %d", i)
			}
		})
	}
}
