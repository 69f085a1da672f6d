package gocuda_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

// TestCloseDefault: CloseDefault stops the default device's goroutines and
// unregisters it; the next Default starts a new device, which works.
func TestCloseDefault(t *testing.T) {
	require.NoError(t, gocuda.CloseDefault()) // start from no default device
	before := goleak.IgnoreCurrent()
	count := gocuda.DeviceCount()

	require.NoError(t, gocuda.CloseDefault(), "closing a default device never started")
	require.Equal(t, count, gocuda.DeviceCount(), "CloseDefault must not start the default device")

	old := gocuda.Default()
	require.Same(t, old, gocuda.Default())
	require.NoError(t, saxpy(old, 5000, 2, 1, true)) // workers, and fibers at barriers
	require.Equal(t, count+1, gocuda.DeviceCount())
	require.NoError(t, gocuda.CloseDefault())
	require.Equal(t, count, gocuda.DeviceCount())
	require.False(t, slices.Contains(gocuda.Devices(), old), "a closed default device is still listed")
	goleak.VerifyNone(t, before)
	require.ErrorIs(t, old.Launch(one, func(*gocuda.Thread) {}), gocuda.ErrContextIsDestroyed)

	fresh := gocuda.Default()
	require.NotSame(t, old, fresh)
	require.NoError(t, saxpy(fresh, 1000, 3, 2, false))
	require.NoError(t, gocuda.Launch(one, func(*gocuda.Thread) {}), "package-level Launch uses the new device")
}

// TestCloseDefaultReportsStreamError: CloseDefault returns the error the
// default stream had not reported, as Device.Close does.
func TestCloseDefaultReportsStreamError(t *testing.T) {
	var s *gocuda.Stream // stream 0 of the default device
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { panic("unreported") }))
	require.ErrorIs(t, gocuda.CloseDefault(), gocuda.ErrLaunchFailure)
	require.NoError(t, s.Synchronize(), "a new default device has no error")
}

// TestCloseDefaultNotPermitted: from a kernel or a host function of the
// default device, CloseDefault closes nothing and says why.
func TestCloseDefaultNotPermitted(t *testing.T) {
	def := gocuda.Default()
	var fromKernel, fromHost error
	require.NoError(t, gocuda.Launch(one, func(*gocuda.Thread) { fromKernel = gocuda.CloseDefault() }))
	var s *gocuda.Stream
	require.NoError(t, s.LaunchHostFunc(func() { fromHost = gocuda.CloseDefault() }))
	require.NoError(t, s.Synchronize())
	assert.ErrorIs(t, fromKernel, gocuda.ErrNotPermitted)
	assert.ErrorIs(t, fromHost, gocuda.ErrNotPermitted)
	require.Same(t, def, gocuda.Default(), "the default device was replaced")
	require.NoError(t, gocuda.Launch(one, func(*gocuda.Thread) {}))
}

// TestDefaultConcurrentStart: goroutines racing to start the default
// device all get the same one.
func TestDefaultConcurrentStart(t *testing.T) {
	require.NoError(t, gocuda.CloseDefault())
	const goroutines = 8
	got := make([]*gocuda.Device, goroutines)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = gocuda.Default() })
	}
	wg.Wait()
	for i, d := range got {
		require.Same(t, got[0], d, "goroutine %d", i)
	}
	require.Same(t, got[0], gocuda.Default())
}
