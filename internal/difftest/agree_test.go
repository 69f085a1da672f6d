package difftest

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestAgreeLoopForms: a grid-stride loop around barriers over a length
// that is a multiple of the block's size agrees on both paths and with
// the host; over one that is not, both paths fail the launch with a
// *gocuda.DeadlockError (threads wait at the loop's barrier and at the
// one after it), never hang or return wrong data silently.
func TestAgreeLoopForms(t *testing.T) {
	const blocks, bs = 3, 64
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}
	for _, n := range []int{0, bs, 5 * bs, 7 * bs} {
		in := randInts(n)
		got := agree(t, func(f form) ([]int32, error) {
			data, counts := append([]int32(nil), in...), make([]int32, blocks)
			err := f.launch(cfg, AgreeLoopKernel(data, n, counts))
			return append(data, counts...), err
		})
		want := append([]int32(nil), in...)
		for i := range want {
			want[i] += in[i-i%bs+(i%bs+1)%bs]
		}
		for range blocks {
			want = append(want, bs)
		}
		require.Equal(t, want, got, "n=%d", n)
	}
	for _, n := range []int{1, bs + 5, 4*bs - 1} {
		for _, f := range forms {
			data, counts := randInts(n), make([]int32, blocks)
			err := f.launch(cfg, AgreeLoopKernel(data, n, counts))
			var dl *gocuda.DeadlockError
			require.True(t, errors.As(err, &dl), "%s, n=%d: %v", f.name, n, err)
			require.ErrorIs(t, err, gocuda.ErrLaunchTimeout, f.name)
		}
	}
}
