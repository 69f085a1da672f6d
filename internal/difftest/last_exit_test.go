package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLastExitForms: the pair sums on both paths against the host, for
// sizes that end inside a block, on its edge and past one block.
func TestLastExitForms(t *testing.T) {
	for _, bs := range []int{32, 48, 64} {
		for _, n := range []int{1, 31, 32, 33, 100, 1000} {
			t.Run(fmt.Sprintf("block=%d/n=%d", bs, n), func(t *testing.T) {
				in := randF(n)
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, n)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
					return out, f.launch(cfg, LastExitKernel(in, out, n))
				})
				for i := range n {
					next := float32(0)
					if i+1 < n {
						next = in[i+1]
					}
					require.Equal(t, in[i]+next, got[i], "out[%d]", i)
				}
			})
		}
	}
}

// TestLastExitFailure: an out one element short fails on both paths at
// the last thread within n, the compiled one at that thread.
func TestLastExitFailure(t *testing.T) {
	const n, bs = 100, 64
	in := randF(n)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out := make([]float32, n-1)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
		err := f.launch(cfg, LastExitKernel(in, out, n))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: 1}, errs[0].Block, "compiled")
	assert.Equal(t, gocuda.Dim3{X: (n - 1) % bs}, errs[0].Thread, "compiled")
}
