package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestStridedGuard: two strided loads a thread under guards on len(in),
// with in covering the grid, one element short (the last thread's second
// load rejected) and a block's worth short, against a host reference.
func TestStridedGuard(t *testing.T) {
	const block, blocks = 64, 4
	for _, short := range []int{0, 1, 2 * block} {
		t.Run(fmt.Sprint(short), func(t *testing.T) {
			in := randInts(2*block*blocks - short)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, block*blocks)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
				return out, f.launch(cfg, StridedGuardKernel(in, out))
			})
			want := make([]int32, block*blocks)
			for i := range want {
				if g := 2 * i; g < len(in) {
					want[i] = in[g]
				}
				if g := 2*i + 1; g < len(in) {
					want[i] += 3 * in[g]
				}
			}
			assert.Equal(t, want, got)
		})
	}
}

// TestStridedStore: strided stores under guards on another slice's
// length, with in as long as the grid's indexes, one shorter and a
// block's worth shorter, against a host reference; and with out shorter
// than the indexes in admits, where both forms fail with an illegal
// address (the compiled one at the first thread in the block's order).
func TestStridedStore(t *testing.T) {
	const block, blocks = 64, 4
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
	for _, short := range []int{0, 1, 2 * block} {
		t.Run(fmt.Sprint(short), func(t *testing.T) {
			in := make([]int32, 2*block*blocks-short)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, 2*block*blocks)
				return out, f.launch(cfg, StridedStoreKernel(in, out))
			})
			want := make([]int32, 2*block*blocks)
			for g := 0; g < len(want); g += 2 {
				if g < len(in) {
					want[g] = int32(g)
				}
				if g+1 < len(in) {
					want[g+1] = -int32(g)
				}
			}
			assert.Equal(t, want, got)
		})
	}
	t.Run("outShort", func(t *testing.T) { // after a barrier the runtime path resumes its last thread first: the forms agree on the error
		in := make([]int32, 2*block*blocks)
		for _, f := range forms {
			err := f.launch(cfg, StridedStoreKernel(in, make([]int32, 2*block*blocks-3)))
			var ke *gocuda.KernelError
			require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
			assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
			if !f.runtime { // thread 62 of the last block stores out[509] first, in the block's order
				assert.Equal(t, gocuda.Dim3{X: 62}, ke.Thread, f.name)
			}
		}
	})
}
