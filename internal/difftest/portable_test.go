package difftest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// portableInput returns n floats, some of them infinite (so that some
// windows sum to NaN) and some negative zeros.
func portableInput(n int) []float32 {
	in := make([]float32, n)
	for i := range in {
		switch rand.IntN(40) {
		case 0:
			in[i] = float32(math.Inf(1 - 2*rand.IntN(2)))
		case 1:
			in[i] = float32(math.Copysign(0, -1))
		default:
			in[i] = float32(rand.NormFloat64() * 1e3)
		}
	}
	return in
}

// TestPortableWindowForms: each window's sum, bit for bit, on both paths
// and as the host adds it, for blocks of fewer threads than a step, of
// steps and a partial step, and windows from one element to many.
func TestPortableWindowForms(t *testing.T) {
	for _, bs := range []int{1, 7, 8, 13, 64, 100} {
		for _, r := range []int{0, 1, 3, 20} {
			for _, n := range []int{0, 5, 100, 1000} {
				t.Run(fmt.Sprintf("block=%d/r=%d/n=%d", bs, r, n), func(t *testing.T) {
					in := portableInput(n)
					got := agree(t, func(f form) ([]uint32, error) {
						out := make([]float32, n)
						cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}
						err := f.launch(cfg, PortableWindowKernel(in, out, r))
						return bitsOf(out), err
					})
					want := make([]float32, n)
					for i := r; i+r < n; i++ {
						var sum float32
						for d := -r; d <= r; d++ {
							sum += in[i+d]
						}
						want[i] = sum
					}
					require.Equal(t, bitsOf(want), got)
				})
			}
		}
	}
}

// TestPortableReachFailure: a window past the end of in fails the launch
// at the same thread, with the same message, on both paths, and the
// threads of its block before it stored their sums.
func TestPortableReachFailure(t *testing.T) {
	for _, bs := range []int{8, 13, 64} {
		for _, reach := range []int{1, 9, 30} {
			t.Run(fmt.Sprintf("block=%d/reach=%d", bs, reach), func(t *testing.T) {
				const n = 200
				in := portableInput(n + reach - 5) // the last threads' windows pass the end
				var errs [2]*gocuda.KernelError
				var outs [2][]float32
				for i, f := range forms {
					outs[i] = make([]float32, n)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
						PortableReachKernel(in, outs[i], reach))
					require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
					assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
				}
				assert.Equal(t, errs[1].Block, errs[0].Block, "the failing block")
				assert.Equal(t, errs[1].Thread, errs[0].Thread, "the failing thread")
				assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
				// The failing block's threads before the failing one stored their
				// sums (blocks before it may not have run: the launch stops).
				from, first := errs[0].Block.X*bs, errs[0].Block.X*bs+errs[0].Thread.X
				for i := from; i < first; i++ {
					var want float32
					for d := 0; d <= reach; d++ {
						want += in[i+d]
					}
					assert.Equal(t, math.Float32bits(want), math.Float32bits(outs[0][i]), "compiled: thread %d's sum", i)
				}
			})
		}
	}
}
