package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPostSync runs PostVoteKernel and PostBarrierKernel against the
// trips each warp (or the block) makes: at least one, and as many as its
// first thread needs to reach n[0].
func TestPostSync(t *testing.T) {
	const bs = 128
	kernels := map[string]func(n, out []int32) func(*gocuda.Thread){"vote": PostVoteKernel, "barrier": PostBarrierKernel}
	for name, kernel := range kernels {
		for _, n0 := range []int32{0, 40, 200} {
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, bs)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}
				return out, f.launch(cfg, kernel([]int32{n0}, out))
			})
			for tx := range bs {
				first := int32(tx / 32 * 32) // the warp's first thread
				if name == "barrier" {
					first = 0
				}
				trips := max(1, (n0-first+31)/32)
				require.Equal(t, int32(tx)+32*trips, got[tx], "%s, n[0] %d, thread %d", name, n0, tx)
			}
		}
	}
}
