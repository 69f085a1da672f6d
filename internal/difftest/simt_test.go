package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSIMTLoopForms: loops whose lanes leave at different trips, around
// collectives, agree on both paths and with the host: each collective
// sees the lanes still in the loop.
func TestSIMTLoopForms(t *testing.T) {
	for _, n := range []int{0, 5, 40, 100, 300} {
		in := randInts(n)
		const blocks, bs = 2, 64
		const stride = blocks * bs
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 3*stride)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}, SIMTLoopKernel(in, out))
		})
		for id := range stride {
			lane, base := id%32, id-id%32
			var votes, trips, shfl int32
			for i := id; i < n; i += stride {
				var b uint32
				for j := range 32 {
					if k := base + j + (i - id); k < n && in[k] > 0 {
						b |= 1 << j
					}
				}
				votes += int32(b&0xffff) + int32(b>>16)
				trips++
			}
			for k := 0; k < lane%5; k++ {
				shfl += int32(29*10 + k) // lane 29 (29%5 = 4) is in every round
			}
			require.Equal(t, []int32{votes, trips, shfl}, got[3*id:3*id+3], "n=%d thread %d", n, id)
		}
	}
}

// TestSIMTBranchForms: break and continue taken by some lanes of a loop
// holding a shuffle agree on both paths and with the host.
func TestSIMTBranchForms(t *testing.T) {
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 64)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, SIMTBranchKernel(out))
	})
	for i, v := range got {
		lane := i % 32
		var want int32
		for k := 0; k < 8; k++ {
			if (lane+k)%5 == 0 {
				break
			}
			if !simtIn(lane, k) {
				continue
			}
			src := -1
			for j := range 32 {
				if simtIn(j, k) {
					src = j
				}
			}
			want += int32(src*100 + k)
		}
		require.Equal(t, want, v, "thread %d", i)
	}
}
