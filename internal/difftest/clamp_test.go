package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestClampStencilForms: indices clamped by ifs, folded into max and min
// and recomputed past the barriers, give the runtime path's results and a
// host reference's, for rows that end inside the last block.
func TestClampStencilForms(t *testing.T) {
	const bs, steps = 32, 4
	for _, n := range []int{1, 7, 32, 77} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			in := randF(n)
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
					ClampStencilKernel(in, out, n, steps))
			})
			for b := 0; b < n; b += bs {
				row := append([]float32(nil), in[b:min(b+bs, n)]...)
				for range steps {
					next := make([]float32, len(row))
					for i := range row {
						next[i] = (row[max(i-1, 0)] + row[i] + row[min(i+1, len(row)-1)]) / 3
					}
					row = next
				}
				require.Equal(t, row, got[b:b+len(row)], "block at %d", b)
			}
		})
	}
}
