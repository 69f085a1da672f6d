package gocuda_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestThreadFieldWritesStayLocal checks what a kernel that assigns to its
// Thread's index fields (read-only only by convention) can affect: not
// other blocks, not the threads of a cooperative block, and not the barrier
// scheduler or LaneID, which use the engine's own copy of the index.
func TestThreadFieldWritesStayLocal(t *testing.T) {
	const blocks, threads = 4, 64
	for _, withBarrier := range []bool{false, true} {
		d := newDevice(t, gocuda.WithWorkers(1))
		seen := make([]gocuda.Dim3, blocks*threads)
		lanes := make([]int, blocks*threads)
		err := d.Launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}, func(th *gocuda.Thread) {
			i := th.BlockIdx.X*threads + th.ThreadIdx.X
			seen[i] = gocuda.Dim3{X: th.ThreadIdx.X, Y: th.BlockIdx.X}
			// Without a barrier, threads share one Thread in turn: only the
			// block's last thread writes. With one, every thread may.
			if withBarrier || th.ThreadIdx.X == threads-1 {
				th.BlockIdx, th.ThreadIdx = gocuda.Dim3{X: 99}, gocuda.Dim3{X: 7, Y: 5}
				th.BlockDim, th.GridDim = gocuda.Dim3{X: 1}, gocuda.Dim3{X: 1}
			}
			if withBarrier {
				th.SyncThreads()
			}
			lanes[i] = th.LaneID()
		})
		require.NoError(t, err)
		for b := range blocks {
			for x := range threads {
				require.Equal(t, gocuda.Dim3{X: x, Y: b}, seen[b*threads+x], "barrier=%v block %d thread %d", withBarrier, b, x)
				require.Equal(t, x%32, lanes[b*threads+x])
			}
		}
	}
}
