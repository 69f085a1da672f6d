package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRowPickForms: rows past m return before reading a[row], which
// they would read out of range; the others agree on every path.
func TestRowPickForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 8, Y: 4}, {X: 16, Y: 2}, {X: 13, Y: 3}} {
		const m, n = 5, 29
		t.Run(fmt.Sprint(block), func(t *testing.T) {
			a := randF(m) // below 4
			a[2] = 9
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, block.X), Y: blocks(m, block.Y) + 1}, Block: block}
			got := agreeSIMD(t, func(f form) ([]float32, error) {
				out := make([]float32, n)
				return out, f.launch(cfg, RowPickKernel(a, out, m, 5))
			})
			for i := range n {
				require.Equal(t, float32(9), got[i], "element %d", i)
			}
		})
	}
}

// TestSkipFirstFailure: the first thread that did not return fails, on
// every path.
func TestSkipFirstFailure(t *testing.T) {
	for _, skip := range []int{0, 3, 8, 11} {
		t.Run(fmt.Sprint(skip), func(t *testing.T) {
			const n = 24
			flags := make([]int32, n)
			for i := range skip {
				flags[i] = 1
			}
			for _, f := range forms {
				err := f.launch(gocuda.Config{Block: gocuda.Dim3{X: n}}, SkipFirstKernel(flags, make([]float32, 4), make([]float32, n), 4))
				var ke *gocuda.KernelError
				require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
				assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
				assert.Equal(t, gocuda.Dim3{X: skip}, ke.Thread, f.name)
			}
		})
	}
}
