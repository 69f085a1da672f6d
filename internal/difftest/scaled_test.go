package difftest

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestScaledGuard: the threads a guard on the thread's index times a
// factor, plus an offset or not, admits are the runtime path's and Go's
// arithmetic's (wrapping), for factors positive, zero, negative and large
// enough to wrap, limits on either side of zero, and offsets that make
// the sum wrap.
func TestScaledGuard(t *testing.T) {
	const bs = 100
	for _, k := range []int{2, 1, 0, -3, 7, 1 << 60, math.MaxInt} {
		for _, lim := range []int{-5, 0, 1, 64, 99, 1000, math.MaxInt} {
			for _, off := range []int{0, 3, -50, math.MaxInt - 10} {
				t.Run(fmt.Sprintf("k=%d/lim=%d/off=%d", k, lim, off), func(t *testing.T) {
					got := agree(t, func(f form) ([]int32, error) {
						out := make([]int32, 3*bs)
						return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}, ScaledGuardKernel(out, k, lim, off))
					})
					for tid := range bs {
						require.Equal(t, k*tid < lim, got[3*tid] == 1, "thread %d, <", tid)
						require.Equal(t, k*tid <= lim, got[3*tid+1] == 1, "thread %d, <=", tid)
						require.Equal(t, k*tid+off < lim, got[3*tid+2] == 1, "thread %d, +off <", tid)
					}
				})
			}
		}
	}
}

// TestEveryGuard: the threads a guard on the thread's x index modulo m
// admits are the runtime path's and Go's arithmetic's, in a block of two
// rows, for m positive and negative and residues in and out of range;
// where m is 0, both forms fail the launch, reporting the first thread.
func TestEveryGuard(t *testing.T) {
	const bx, by = 37, 2
	for _, m := range []int{1, 2, 5, 64, -3, math.MaxInt} {
		for _, c := range []int{0, 1, 4, -1, 40} {
			t.Run(fmt.Sprintf("m=%d/c=%d", m, c), func(t *testing.T) {
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, 2*bx*by)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bx, Y: by}}, EveryGuardKernel(out, m, c))
				})
				for i := range bx * by {
					x := i % bx
					require.Equal(t, x%m == c, got[2*i] == 1, "thread %d", i)
					require.Equal(t, x%m == c+1, got[2*i+1] == 1, "thread %d, after the return", i)
				}
			})
		}
	}
	for _, f := range forms {
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bx, Y: by}}, EveryGuardKernel(make([]int32, 2*bx*by), 0, 0))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		require.Equal(t, gocuda.Dim3{}, ke.Thread, f.name)
	}
}
