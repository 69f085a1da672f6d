package difftest

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestCoalescedForms: coalesced groups in divergent code agree on both
// paths and with their definitions.
func TestCoalescedForms(t *testing.T) {
	for _, allPositive := range []bool{false, true} {
		n := 2 * 64
		in := make([]int32, n)
		for i := range in {
			in[i] = int32(rand.IntN(12)) - 2
			if allPositive {
				in[i] = int32(rand.IntN(9)) + 1
			}
		}
		got := agree(t, func(f form) ([]CoalescedOut, error) {
			out := make([]CoalescedOut, n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, CoalescedKernel(in, out))
		})
		for i, o := range got {
			w := i / 32 * 32
			var mask uint32
			for j := range 32 {
				if in[w+j] > 0 {
					mask |= 1 << j
				}
			}
			lane := i % 32
			tileBase := i / 8 * 8
			var yes, below int
			for k := tileBase; k < tileBase+8; k++ {
				if (in[k] > 4) == (in[i] > 4) {
					yes++
					if k < i {
						below++
					}
				}
			}
			require.Equal(t, yes*100+below, o.Half, "thread %d binary partition of its tile", i)
			if in[i] <= 0 {
				continue
			}
			require.Equal(t, bits.OnesCount32(mask&(1<<lane-1)), o.Rank, "thread %d", i)
			require.Equal(t, bits.OnesCount32(mask), o.Size, "thread %d", i)
			var sum int32
			for m := mask; m != 0; m &= m - 1 {
				sum += in[w+bits.TrailingZeros32(m)]
			}
			require.Equal(t, sum, o.Sum, "thread %d", i)
		}
	}
}
