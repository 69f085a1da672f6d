package difftest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHoistedWeights: weights loaded once a row give the runtime path's
// results and a host reference's, in full rows and a partial last one.
func TestHoistedWeights(t *testing.T) {
	const bs = 32
	for _, n := range []int{1, 32, 77} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			in, w, start := randF(n), randF(2), randF(n)
			got := agree(t, func(f form) ([]float32, error) {
				out := slices.Clone(start)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
					HoistedWeightsKernel(in, w, out))
			})
			for i := range n {
				require.Equal(t, w[0]*in[i]+w[1]*start[i], got[i], "element %d", i)
			}
		})
	}
}

// TestOwnWeight: a weight read after the thread's own store to the same
// memory is that store's value, in both forms: where out holds the
// weights the row loads them as it goes, not once before its threads.
func TestOwnWeight(t *testing.T) {
	const n = 40
	in := randF(n)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: n}, Block: gocuda.Dim3{X: 1}}
	t.Run("apart", func(t *testing.T) {
		w := randF(n)
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, n)
			return out, f.launch(cfg, OwnWeightKernel(in, w, out))
		})
		for i := range n {
			require.Equal(t, 2*in[i]+w[i], got[i], "element %d", i)
		}
	})
	t.Run("same", func(t *testing.T) {
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, n)
			return out, f.launch(cfg, OwnWeightKernel(in, out, out))
		})
		for i := range n {
			require.Equal(t, 4*in[i], got[i], "element %d", i)
		}
	})
}
