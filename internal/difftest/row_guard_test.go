package difftest

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRowGuard runs RowGuardKernel with divisors that admit every row,
// every other, every third and none past the first, dividing the block's
// height (which the compiled form steps by) or not, in blocks of one and
// of two planes, against a host reference; and with a zero divisor, which
// fails at the same line on both forms, and on the compiled one at the
// first thread of the first row, the first to evaluate the guard.
func TestRowGuard(t *testing.T) {
	const blocks = 2
	for _, blk := range []gocuda.Dim3{{X: 5, Y: 6, Z: 1}, {X: 3, Y: 6, Z: 2}, {X: 4, Y: 4, Z: 3}} {
		n := blocks * blk.X * blk.Y * blk.Z
		for _, p := range []int{1, 2, 3, 4, 6, 7, -2} {
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, n)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: blk}, RowGuardKernel(out, p))
			})
			for i := range n {
				x, y := i%blk.X, i/blk.X%blk.Y
				want := int32(i)
				if y%p == 0 {
					want += int32(y*100 + x)
				}
				require.Equal(t, want, got[i], "block %v p %d element %d", blk, p, i)
			}
		}
	}
	blk := gocuda.Dim3{X: 5, Y: 6}
	n := blocks * blk.X * blk.Y
	var sites [2]gocuda.Dim3
	for k, f := range forms {
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: blk}, RowGuardKernel(make([]int32, n), 0))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		if !f.runtime { // the runtime path resumes a barrier's threads in its own order: any may fail first
			assert.Equal(t, gocuda.Dim3{}, ke.Thread, "the row's first thread fails first")
		}
		sites[k] = gocuda.Dim3{X: ke.Site.Line}
	}
	assert.Equal(t, sites[1], sites[0], "the failing line")
}
