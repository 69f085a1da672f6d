package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMethodsForms: methods that synchronize, generic and with pointer
// receivers, agree on both paths and with the host.
func TestMethodsForms(t *testing.T) {
	for _, bs := range []int{32, 128} {
		n := 3 * bs
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 3*n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bs}}, MethodsKernel(out))
		})
		for i := range n {
			b := i / bs * bs
			var si int32
			var sf float32
			for k := b; k < b+bs; k++ {
				si += 2 * int32(k%7)
				sf += 0.5 * float32(k%5)
			}
			want := []int32{si, int32(sf), 32 + 31*32/2}
			require.Equal(t, want, got[3*i:3*i+3], "block size %d thread %d", bs, i)
		}
	}
}
