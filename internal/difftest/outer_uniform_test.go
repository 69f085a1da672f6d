package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestOuterUniformStep runs OuterUniformStepKernel against the warps'
// shuffles computed on the host.
func TestOuterUniformStep(t *testing.T) {
	const blocks, bs = 3, 64
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, blocks*bs)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}
		err := f.launch(cfg, OuterUniformStepKernel(out))
		return out, err
	})
	for b := range blocks {
		for w := 0; w < bs; w += 32 {
			v := make([]float32, 32)
			for l := range v {
				v[l] = float32(w + l)
			}
			z := uint32(b) * 7
			for range 3 {
				for l := range v {
					v[l] += float32(z)
				}
				z += 7
				next := append([]float32(nil), v...)
				for l := range v {
					if l+1 < 32 {
						next[l] = v[l] + v[l+1]
					} else {
						next[l] = v[l] + v[l]
					}
				}
				v = next
			}
			require.Equal(t, v, got[b*bs+w:b*bs+w+32], "block %d, warp %d", b, w/32)
		}
	}
}
