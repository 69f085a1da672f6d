package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestEarlyReturnForms: helpers that synchronize and return before their
// end agree on both paths and with the host.
func TestEarlyReturnForms(t *testing.T) {
	for _, bs := range []int{32, 64} {
		for _, shift := range []int{-1, 0, 5} {
			for _, rounds := range []int{0, 1, 4} {
				n := 2 * bs
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, 4*n)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, EarlyReturnKernel(out, shift, rounds))
				})
				val := func(i int) int32 { return int32(i%9) + 3 }
				for i := range n {
					w, b := i/32*32, i/bs*bs
					var sum int32
					for k := w; k < w+32; k++ {
						sum += val(k)
					}
					shifted := int32(-1)
					if shift >= 0 {
						shifted = val(b + (i-b+shift)%bs)
					}
					first := -1
					for k := 0; k < rounds && first < 0; k++ {
						for j := b; j < b+bs; j++ {
							if val(j)%int32(k+2) == 0 {
								first = k
							}
						}
					}
					want := []int32{sum, -1, shifted, int32(first)}
					if i%32 == 0 {
						want[1] = sum // lane 0 holds the shuffled sum
					} else {
						want[1] = got[4*i+1]
					}
					require.Equal(t, want, got[4*i:4*i+4], "block size %d shift %d rounds %d thread %d", bs, shift, rounds, i)
				}
			}
		}
	}
}
