package gocuda_test

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestStreamCloseRacesDeviceClose: Stream.Close and Device.Close called at
// once on a stream with queued work both wait for it: every queued launch
// runs, the stream's failure is reported exactly once (by whichever Close
// closed the stream), the Stream.Close that loses returns
// ErrContextIsDestroyed, and second Closes return their documented errors.
func TestStreamCloseRacesDeviceClose(t *testing.T) {
	tries := 200
	if raceEnabled {
		tries = 50
	}
	const launches = 10
	for try := range tries {
		d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
		require.NoError(t, err)
		s, err := d.NewStream()
		require.NoError(t, err)
		// Half the tries hold the work until both Closes have been called.
		hold := make(chan struct{})
		if try%4 < 2 {
			require.NoError(t, s.LaunchHostFunc(func() { <-hold }))
		}
		var ran atomic.Int32
		for range launches {
			require.NoError(t, s.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(*gocuda.Thread) { ran.Add(1) }))
		}
		failing := try%2 == 1
		if failing {
			require.NoError(t, s.LaunchHostFunc(func() { panic("last") }))
		}
		var streamErr, devErr error
		var wg sync.WaitGroup
		first, second := func() { streamErr = s.Close() }, func() { devErr = d.Close() }
		if try%8 < 4 { // vary which starts first
			first, second = second, first
		}
		wg.Go(first)
		wg.Go(second)
		runtime.Gosched() // lets the Closes start before the work can finish; any order is correct
		close(hold)
		wg.Wait()

		require.EqualValues(t, launches*4, ran.Load(), "try %d: queued launches lost", try)
		if errors.Is(streamErr, gocuda.ErrContextIsDestroyed) {
			streamErr = nil // Device.Close closed the stream first
		}
		reported := 0
		for _, err := range []error{streamErr, devErr} {
			if err != nil {
				require.ErrorIs(t, err, gocuda.ErrLaunchFailure, "try %d", try)
				reported++
			}
		}
		if failing {
			require.Equal(t, 1, reported, "try %d: the failure is reported once: %v, %v", try, streamErr, devErr)
		} else {
			require.Zero(t, reported, "try %d: %v, %v", try, streamErr, devErr)
		}

		require.ErrorIs(t, s.Close(), gocuda.ErrContextIsDestroyed, "try %d: second Stream.Close", try)
		require.ErrorIs(t, d.Close(), gocuda.ErrContextIsDestroyed, "try %d: second Device.Close", try)
	}
}

// TestStreamCloseTwice: a second Stream.Close on an open device waits for
// nothing and returns ErrInvalidResourceHandle; the stream's error went to
// the first.
func TestStreamCloseTwice(t *testing.T) {
	d := newDevice(t)
	s, err := d.NewStream()
	require.NoError(t, err)
	require.NoError(t, s.LaunchHostFunc(func() { panic("boom") }))
	var first, second error
	var wg sync.WaitGroup
	wg.Go(func() { first = s.Close() })
	wg.Go(func() { second = s.Close() })
	wg.Wait()
	if errors.Is(first, gocuda.ErrInvalidResourceHandle) {
		first, second = second, first
	}
	require.ErrorIs(t, first, gocuda.ErrLaunchFailure)
	require.ErrorIs(t, second, gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, s.Close(), gocuda.ErrInvalidResourceHandle)
}
