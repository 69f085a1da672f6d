package gocuda_test

import (
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
)

// hangLimit bounds how long a test waits for a call that must return at
// once; reaching it means the call hung.
const hangLimit = 20 * time.Second

// within runs f on its own goroutine and fails the test if it has not
// returned within hangLimit, so that a hang fails the test instead of the
// whole run.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(hangLimit):
		t.Fatalf("%s hung", what)
	}
}

// TestHostFuncGoexit: a host function that calls runtime.Goexit (as
// t.FailNow does) fails its stream with ErrLaunchFailure instead of hanging
// it, skips the work queued after it as any failure does, and leaves the
// stream and the device working.
func TestHostFuncGoexit(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	for _, s := range []*gocuda.Stream{newStream(t, d), d.DefaultStream()} {
		var after atomic.Int32
		require.NoError(t, s.LaunchHostFunc(runtime.Goexit))
		require.NoError(t, s.LaunchHostFunc(func() { after.Add(1) }))
		within(t, "Synchronize after a Goexit", func() {
			err = s.Synchronize()
		})
		require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
		assert.Contains(t, err.Error(), "Goexit")
		assert.Zero(t, after.Load(), "work queued after the failure is skipped")

		require.NoError(t, s.LaunchHostFunc(func() { after.Add(1) }))
		require.NoError(t, s.Launch(one, func(*gocuda.Thread) { after.Add(1) }))
		require.NoError(t, s.Synchronize())
		assert.EqualValues(t, 2, after.Load(), "the stream works after a Goexit")
	}
	// Close right after a Goexit reports it.
	s, err := d.NewStream()
	require.NoError(t, err)
	require.NoError(t, s.LaunchHostFunc(runtime.Goexit))
	within(t, "Close after a Goexit", func() { err = d.Close() })
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
}

// TestHostFuncMustNotWait: a host function that calls something that would
// wait for device work, its own stream's included, gets an error wrapping
// ErrNotPermitted at once instead of waiting for itself, and the stream
// goes on. Calls that do not wait still work.
func TestHostFuncMustNotWait(t *testing.T) {
	d := newDevice(t, gocuda.WithWorkers(2))
	busy := newStream(t, d, gocuda.StreamNonBlocking())
	open := gate(t, busy) // keeps busy pending while the host functions run
	defer open()
	calls := []struct {
		name    string
		onDef   bool                       // the host function runs on the default stream
		call    func(*gocuda.Stream) error // what the host function calls
		another func()                     // queues more work behind the host function
	}{
		{"own Synchronize", false, func(s *gocuda.Stream) error { return s.Synchronize() }, nil},
		{"device Synchronize", false, func(*gocuda.Stream) error { return d.Synchronize() }, nil},
		{"synchronous launch", false, func(*gocuda.Stream) error { return d.Launch(one, func(*gocuda.Thread) {}) }, nil},
		{"cooperative launch", false, func(*gocuda.Stream) error { return d.LaunchCooperative(one, func(*gocuda.Thread) {}) }, nil},
		{"default stream waiting for it", false, func(*gocuda.Stream) error { return d.DefaultStream().Synchronize() },
			func() { require.NoError(t, d.DefaultStream().LaunchHostFunc(func() {})) }},
		{"busy stream Synchronize", false, func(*gocuda.Stream) error { return busy.Synchronize() }, nil},
		{"own Close", false, func(s *gocuda.Stream) error { return s.Close() }, nil},
		{"device Close", false, func(*gocuda.Stream) error { return d.Close() }, nil},
		{"event recorded after it", false, func(s *gocuda.Stream) error {
			e, err := d.NewEvent()
			if err != nil {
				return err
			}
			// The record is queued behind this host function.
			if err := e.Record(s); err != nil {
				return err
			}
			return e.Synchronize()
		}, nil},
		{"on the default stream", true, func(*gocuda.Stream) error { return d.Launch(one, func(*gocuda.Thread) {}) }, nil},
	}
	for _, tc := range calls {
		t.Run(tc.name, func(t *testing.T) {
			s := d.DefaultStream()
			if !tc.onDef {
				s = newStream(t, d)
			}
			start := gate(t, s) // everything is queued before the host function runs
			var got error
			var after atomic.Bool
			require.NoError(t, s.LaunchHostFunc(func() { got = tc.call(s) }))
			require.NoError(t, s.LaunchHostFunc(func() { after.Store(true) }))
			if tc.another != nil {
				tc.another()
			}
			start()
			var err error
			within(t, "the host function", func() { err = s.Synchronize() })
			require.NoError(t, err, "the host function itself did not fail")
			require.ErrorIs(t, got, gocuda.ErrNotPermitted)
			assert.Contains(t, got.Error(), "host function")
			assert.True(t, after.Load(), "the stream goes on")
		})
	}
	t.Run("calls that do not wait", func(t *testing.T) {
		s, idle := newStream(t, d), newStream(t, d)
		var errs []error
		var ran atomic.Bool
		require.NoError(t, s.LaunchHostFunc(func() {
			errs = append(errs,
				idle.Synchronize(),
				busy.Query(),
				s.Launch(one, func(*gocuda.Thread) { ran.Store(true) }),
			)
		}))
		within(t, "the host function", func() { require.NoError(t, s.Synchronize()) })
		// Synchronize waits for the work queued before it was called; the
		// host function may have queued its launch after that, so a second
		// Synchronize (which follows the host function) waits for the launch.
		within(t, "the launch it queued", func() { require.NoError(t, s.Synchronize()) })
		assert.Equal(t, []error{nil, gocuda.ErrNotReady, nil}, errs)
		assert.True(t, ran.Load(), "work queued by a host function runs after it")
	})
}

// TestHostFuncPanicValues: a host function's panic fails its stream with
// ErrLaunchFailure and, for an error value, wraps that too.
func TestHostFuncPanicValues(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	boom := errors.New("boom")
	require.NoError(t, s.LaunchHostFunc(func() { panic(boom) }))
	err := s.Synchronize()
	require.ErrorIs(t, err, gocuda.ErrLaunchFailure)
	require.ErrorIs(t, err, boom)
	require.NoError(t, s.LaunchHostFunc(func() { panic(nil) }))
	require.ErrorIs(t, s.Synchronize(), gocuda.ErrLaunchFailure)
}
