package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestShadowedBuiltins runs the kernels whose parameters shadow Go's
// predeclared names against host references.
func TestShadowedBuiltins(t *testing.T) {
	t.Run("reverse", func(t *testing.T) {
		const n, bs, half = 256, 64, 40
		in := randInts(n)
		for _, add := range []bool{false, true} {
			got := agree(t, func(f form) ([]int32, error) {
				d := append([]int32(nil), in...)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
				return d, f.launch(cfg, ShadowedReverseKernel(d, half, 3, add))
			})
			for i := range n {
				b, tx := i/bs, i%bs
				want := in[i]
				if tx < half {
					want = in[b*bs+half-tx-1] + 3
					if add {
						want += int32(tx)
					}
				}
				require.Equal(t, want, got[i], "d[%d], copy %v", i, add)
			}
		}
	})
	t.Run("scale", func(t *testing.T) {
		const n, bs = 200, 64
		in := make([]float32, n)
		for i := range in {
			in[i] = float32(i) / 4
		}
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
			return out, f.launch(cfg, ShadowedScaleKernel(in, out, 1.5, n))
		})
		for i, v := range in {
			require.Equal(t, v*1.5, got[i], "out[%d]", i)
		}
	})
}
