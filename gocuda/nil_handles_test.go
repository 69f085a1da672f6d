package gocuda_test

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestNilEvent: a nil *Event is CUDA's 0 event handle, invalid everywhere:
// every method and function taking one returns ErrInvalidResourceHandle
// instead of panicking.
func TestNilEvent(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	var e *gocuda.Event
	good := newEvent(t, d)
	require.NoError(t, good.Record(s))
	require.NoError(t, good.Synchronize())
	elapsed := func(a, b *gocuda.Event) error { _, err := gocuda.ElapsedTime(a, b); return err }
	for name, err := range map[string]error{
		"Record":                e.Record(s),
		"Record(nil)":           e.Record(nil),
		"Synchronize":           e.Synchronize(),
		"Query":                 e.Query(),
		"Close":                 e.Close(),
		"WaitEvent":             s.WaitEvent(nil),
		"ElapsedTime(nil, nil)": elapsed(nil, nil),
		"ElapsedTime(e, nil)":   elapsed(good, nil),
		"ElapsedTime(nil, e)":   elapsed(nil, good),
	} {
		assert.ErrorIs(t, err, gocuda.ErrInvalidResourceHandle, name)
	}
	require.NoError(t, s.Synchronize(), "nothing was queued")
}

// TestRecordNilStream: Event.Record(nil) records on the event's device's
// default stream, CUDA's stream 0.
func TestRecordNilStream(t *testing.T) {
	d := newDevice(t)
	e := newEvent(t, d)
	open := gate(t, d.DefaultStream())
	require.NoError(t, e.Record(nil))
	require.ErrorIs(t, e.Query(), gocuda.ErrNotReady, "the record waits behind the default stream's work")
	open()
	require.NoError(t, e.Synchronize())
	require.NoError(t, e.Query())
}

// TestNilStreamIsDefaultDevicesDefaultStream: Stream methods on a nil
// *Stream act on the default device's default stream, as CUDA's stream 0
// is the current device's; Close refuses, as for the default stream.
func TestNilStreamIsDefaultDevicesDefaultStream(t *testing.T) {
	var s *gocuda.Stream
	def := gocuda.Default().DefaultStream()
	hold := make(chan struct{})
	require.NoError(t, s.LaunchHostFunc(func() { <-hold }))
	require.ErrorIs(t, def.Query(), gocuda.ErrNotReady, "the host function is on the default device's default stream")
	require.ErrorIs(t, s.Query(), gocuda.ErrNotReady)
	var ran atomic.Int32
	require.NoError(t, s.Launch(gocuda.Config{Block: gocuda.Dim3{X: 3}}, func(*gocuda.Thread) { ran.Add(1) }))
	require.NoError(t, s.LaunchCooperative(gocuda.Config{Grid: gocuda.Dim3{X: 2}}, func(th *gocuda.Thread) {
		th.SyncGrid()
		ran.Add(1)
	}))
	e, err := gocuda.Default().NewEvent()
	require.NoError(t, err)
	require.NoError(t, e.Record(s))
	require.NoError(t, s.WaitEvent(e))
	close(hold)
	require.NoError(t, s.Synchronize())
	assert.EqualValues(t, 5, ran.Load())
	require.NoError(t, e.Synchronize())
	require.NoError(t, def.Query())

	require.ErrorIs(t, s.Close(), gocuda.ErrInvalidResourceHandle)
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) {}), "still usable")
	require.NoError(t, s.Synchronize())
}
