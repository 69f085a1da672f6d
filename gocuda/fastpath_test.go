package gocuda_test

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestFastPathCreatesNoCoroutines checks the engine's contract that a kernel
// that never synchronizes pays no coroutine cost: launching one creates no
// goroutine at all, while the first barrier creates the block's coroutines.
func TestFastPathCreatesNoCoroutines(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 64}, Block: gocuda.Dim3{X: 256}}
	out := make([]int, 64*256)
	before := runtime.NumGoroutine()
	require.NoError(t, d.Launch(cfg, func(th *gocuda.Thread) {
		i := th.BlockIdx.X*th.BlockDim.X + th.ThreadIdx.X
		out[i] = i
	}))
	// Goroutines left by earlier tests may still be exiting: the count must
	// not grow.
	assert.LessOrEqual(t, runtime.NumGoroutine(), before, "a barrier-free launch started goroutines")
	for i, v := range out {
		require.Equal(t, i, v)
	}

	require.NoError(t, d.Launch(cfg, func(th *gocuda.Thread) { th.SyncThreads() }))
	assert.Greater(t, runtime.NumGoroutine(), before, "a barrier runs the block's threads as coroutines")
}
