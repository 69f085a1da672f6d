package difftest

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestScaledGuard: the threads a guard on the thread's index times a
// factor admits are the runtime path's and Go's arithmetic's (wrapping),
// for factors positive, zero, negative and large enough to wrap, and
// limits on either side of zero.
func TestScaledGuard(t *testing.T) {
	const bs = 100
	for _, k := range []int{2, 1, 0, -3, 7, 1 << 60, math.MaxInt} {
		for _, lim := range []int{-5, 0, 1, 64, 99, 1000, math.MaxInt} {
			t.Run(fmt.Sprintf("k=%d/lim=%d", k, lim), func(t *testing.T) {
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, 2*bs)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}, ScaledGuardKernel(out, k, lim))
				})
				for tid := range bs {
					require.Equal(t, k*tid < lim, got[2*tid] == 1, "thread %d, <", tid)
					require.Equal(t, k*tid <= lim, got[2*tid+1] == 1, "thread %d, <=", tid)
				}
			})
		}
	}
}
