package difftest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGridPhasesForms: grid barriers compiled agree with the runtime
// path and the host, and fail as it does: outside a cooperative launch,
// and when a block returns before the grid barrier the others wait at.
func TestGridPhasesForms(t *testing.T) {
	for _, c := range []struct{ blocks, threads, rounds int }{{1, 32, 3}, {3, 64, 1}, {4, 48, 4}} {
		n := c.blocks * c.threads
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: c.blocks}, Block: gocuda.Dim3{X: c.threads}}
		type result struct {
			Buf   []int32
			Ranks []int64
		}
		got := agree(t, func(f form) (result, error) {
			r := result{make([]int32, n), make([]int64, n)}
			cfg.RuntimePath = f.runtime
			return r, dev.LaunchCooperative(cfg, GridPhasesKernel(r.Buf, r.Ranks, c.rounds, -1))
		})
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		for range c.rounds {
			next := make([]int32, n)
			for i := range next {
				next[i] = want[i] + want[(i+1)%n]
			}
			want = next
		}
		require.Equal(t, want, got.Buf, "%+v", c)
		for i, r := range got.Ranks {
			require.Equal(t, int64(i)*10+int64(i/c.threads), r, "%+v thread %d", c, i)
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}
	for _, f := range forms {
		cfg.RuntimePath = f.runtime
		err := dev.Launch(cfg, GridPhasesKernel(make([]int32, 64), make([]int64, 64), 1, -1))
		require.ErrorIs(t, err, gocuda.ErrInvalidValue, f.name)
		assert.Contains(t, err.Error(), "SyncGrid outside a cooperative launch", f.name)
		err = dev.LaunchCooperative(cfg, GridPhasesKernel(make([]int32, 64), make([]int64, 64), 2, 1))
		var gd *gocuda.GridDeadlockError
		require.ErrorAs(t, err, &gd, f.name)
	}
}
