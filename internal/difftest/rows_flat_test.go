package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestFlatTileForms: the products of flat tiles, on every path and as
// the host computes them (small integers, so that every order rounds
// alike), for blocks of one and of several rows.
func TestFlatTileForms(t *testing.T) {
	for _, rows := range []int{1, 3, 16} {
		t.Run(fmt.Sprintf("rows=%d", rows), func(t *testing.T) {
			a, b := randF(256), randF(256)
			got := agreeSIMD(t, func(f form) ([]float32, error) {
				c := make([]float32, 16*rows)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 16, Y: rows}}
				return c, f.launch(cfg, FlatTileKernel(a, b, c, 256, 256))
			})
			for ty := range rows {
				for tx := range 16 {
					var want float32
					for q := range 16 {
						var bv float32 // the block loads b's first rows only
						if q < rows {
							bv = b[q*16+tx]
						}
						want += a[ty*16+q] * bv
					}
					require.Equal(t, want, got[ty*16+tx], "thread (%d, %d)", tx, ty)
				}
			}
		})
	}
}

// TestFlatTileFailure: where bs is one element short, only the row's
// last thread reads past it, in its last trip; the vector step's check
// sends it to the scalar form, which fails as the runtime path does,
// while the threads before it finish.
func TestFlatTileFailure(t *testing.T) {
	a, b := randF(256), randF(256)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		c := make([]float32, 16)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 16}}
		err := f.launch(cfg, FlatTileKernel(a, b, c, 256, 255))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: 15}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Thread, errs[0].Thread, "the failing thread")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// TestFlatTileShortRow: where as is one element short, the last row's
// threads all read past it in their last trip. The row the vector step
// would slice is checked with the step's loads, so the step goes scalar
// and the first of them fails with Go's index error, as on the runtime
// path. (Which of several threads failing after a barrier the runtime
// path names is its scheduler's choice, so only the compiled one's is
// compared.)
func TestFlatTileShortRow(t *testing.T) {
	a, b := randF(256), randF(256)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		c := make([]float32, 256)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 16, Y: 16}}
		err := f.launch(cfg, FlatTileKernel(a, b, c, 255, 256))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		if i == 0 {
			for g := range 15 * 16 { // the rows before finished
				var want float32
				for q := range 16 {
					want += a[g/16*16+q] * b[q*16+g%16]
				}
				require.Equal(t, want, c[g], "thread %d", g)
			}
		}
	}
	assert.Equal(t, gocuda.Dim3{X: 0, Y: 15}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}
