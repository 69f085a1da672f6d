package probe

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

var lockSites = sitesOf("probe.lockKernel.func1",
	Site{Kind: AtomicOp, Line: 2, Expr: "atomic.CAS(&mutex[0], 0, 1)"},
	Site{Kind: FenceOp, Line: 3, Expr: "atomic.ThreadFence()"},
	Site{Kind: ReadWrite, Line: 4, Expr: "sum[0]"},
	Site{Kind: FenceOp, Line: 5, Expr: "atomic.ThreadFence()"},
	Site{Kind: AtomicOp, Line: 6, Expr: "atomic.Exch(&mutex[0], 0)"},
)

// lockKernel is CUDA by Example's lock.h around a plain sum[0]++, as gocuda
// check rewrites it: every thread spins on the lock's CAS, fences (if
// fence), adds, fences and releases the lock with an exchange.
func lockKernel(mutex []int32, sum []float32, fence bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := lockSites
		for After(t, &s[0], atomic.CAS(Atomic(t, &s[0], &mutex[0]), 0, 1)) != 0 {
		}
		if fence {
			atomic.ThreadFence()
			Fence(t, &s[1])
		}
		*Index(t, &s[2], sum, 0) += 1
		if fence {
			atomic.ThreadFence()
			Fence(t, &s[3])
		}
		After(t, &s[4], atomic.Exch(Atomic(t, &s[4], &mutex[0]), 0))
	}
}

// TestSpinLockOrders: a spin lock taken by every thread of the launch (the
// lanes of a warp, two warps of a block, four blocks) orders the accesses
// it protects, as the PTX memory model has a fence and an atomic release
// them and an atomic observing them acquire them: no report, and the sum
// is exact. Without its fences the lock orders nothing: the same accesses
// are races.
func TestSpinLockOrders(t *testing.T) {
	const blocks, threads = 4, 64
	s := lockSites
	for _, fence := range []bool{true, false} {
		mutex, sum := make([]int32, 1), make([]float32, 1)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, blocks, threads, lockKernel(mutex, sum, fence)))
		})
		assert.Equal(t, float32(blocks*threads), sum[0], "fence %v", fence)
		if fence {
			assert.Empty(t, got)
			continue
		}
		require.NotEmpty(t, got)
		for _, r := range got {
			assert.Equal(t, []any{"racecheck", "ERROR", "__global__"}, []any{r.Tool, r.Severity, r.Space})
			assert.Equal(t, []*Site{&s[2], &s[2]}, []*Site{siteAt(r.Accesses[0]), siteAt(r.Accesses[1])})
		}
	}
}

// TestSpinLockNeverFree: a spin on a lock no thread frees (lock.h's Lock
// left at 1) is a runaway loop, under the checker as without it: the
// launch's context stops it at the loop's back-edge and the launch
// returns the context's error, with no report. The kernel cancels the
// context itself once it has spun a while, so that nothing is timed.
func TestSpinLockNeverFree(t *testing.T) {
	s := lockSites
	back := sitesOf("probe.neverFree.func1", Site{Kind: BackEdge, Line: 2, Expr: "for atomic.CAS(&mutex[0], 0, 1) != 0"})
	mutex := []int32{1}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var spins int
	var err error
	got := checkReports(t, func(dev *gocuda.Device) {
		err = dev.LaunchContext(ctx, gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
			for After(t, &s[0], atomic.CAS(Atomic(t, &s[0], &mutex[0]), 0, 1)) != 0 {
				Back(t, &back[0])
				if t.BlockIdx.X == 0 && t.ThreadIdx.X == 0 {
					if spins++; spins == 1000 {
						cancel()
					}
				}
			}
		})
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, got)
}
