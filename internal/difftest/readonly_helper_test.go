package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHelperReadOnly runs HelperReadOnlyKernel against its host
// reference, with in[k] positive and not.
func TestHelperReadOnly(t *testing.T) {
	const n, bs = 128, 64
	in := randInts(n)
	for k := range 8 {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
			return out, f.launch(cfg, HelperReadOnlyKernel(in, out, k))
		})
		for i := range n {
			want := in[i]
			if in[k] > 0 {
				want += in[i-i%bs+(i%bs+1)%bs]
			}
			require.Equal(t, want, got[i], "k %d, thread %d", k, i)
		}
	}
}
