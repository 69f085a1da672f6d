package gocuda_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func newEvent(t *testing.T, d *gocuda.Device, opts ...gocuda.EventOption) *gocuda.Event {
	t.Helper()
	e, err := d.NewEvent(opts...)
	require.NoError(t, err)
	return e
}

// TestEventBracketsWork: an event pair around a kernel that takes a known
// time measures at least that time.
func TestEventBracketsWork(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	start, end := newEvent(t, d), newEvent(t, d)
	const work = 30 * time.Millisecond
	require.NoError(t, start.Record(s))
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { time.Sleep(work) })) // the work being timed
	require.NoError(t, end.Record(s))
	require.NoError(t, end.Synchronize())
	ms, err := gocuda.ElapsedTime(start, end)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, ms, float32(work.Milliseconds()))
	assert.Less(t, ms, float32(5000), "a 30 ms kernel measured as %v ms", ms)
}

// TestEventTimestampWhenReached: a record's timestamp is taken when the
// stream reaches it, not when Record is called.
func TestEventTimestampWhenReached(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	start, end := newEvent(t, d), newEvent(t, d)
	require.NoError(t, start.Record(s))
	require.NoError(t, start.Synchronize())
	open := gate(t, s)
	require.NoError(t, end.Record(s))
	require.ErrorIs(t, end.Query(), gocuda.ErrNotReady)
	_, err := gocuda.ElapsedTime(start, end)
	require.ErrorIs(t, err, gocuda.ErrNotReady)

	const held = 25 * time.Millisecond
	time.Sleep(held) // hold the stream at the gate: the record must not be stamped yet
	open()
	require.NoError(t, end.Synchronize())
	require.NoError(t, end.Query())
	ms, err := gocuda.ElapsedTime(start, end)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, ms, float32(held.Milliseconds()))
}

// TestEventRerecord: Synchronize and Query follow the most recent Record.
func TestEventRerecord(t *testing.T) {
	d := newDevice(t)
	a, b := newStream(t, d, gocuda.StreamNonBlocking()), newStream(t, d, gocuda.StreamNonBlocking())
	e := newEvent(t, d)
	require.NoError(t, e.Synchronize(), "an event never recorded is complete")
	require.NoError(t, e.Query())
	require.NoError(t, e.Record(a))
	require.NoError(t, e.Synchronize())
	open := gate(t, b)
	require.NoError(t, e.Record(b))
	require.ErrorIs(t, e.Query(), gocuda.ErrNotReady)
	open()
	require.NoError(t, e.Synchronize())
	require.NoError(t, e.Query())
}

// TestEventRecordAfterFailure: a record completes even after an earlier
// operation on its stream failed, so waiting on it cannot hang.
func TestEventRecordAfterFailure(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	e := newEvent(t, d)
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { panic("fail") }))
	require.NoError(t, e.Record(s))
	require.NoError(t, e.Synchronize())
	require.ErrorIs(t, s.Synchronize(), gocuda.ErrLaunchFailure)
}

func TestEventErrors(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	timed, untimed, never := newEvent(t, d), newEvent(t, d, gocuda.EventDisableTiming()), newEvent(t, d)
	require.NoError(t, timed.Record(s))
	require.NoError(t, untimed.Record(s))
	require.NoError(t, s.Synchronize())

	_, err := gocuda.ElapsedTime(timed, untimed)
	require.ErrorIs(t, err, gocuda.ErrInvalidResourceHandle, "timing disabled")
	_, err = gocuda.ElapsedTime(untimed, timed)
	require.ErrorIs(t, err, gocuda.ErrInvalidResourceHandle, "timing disabled")
	_, err = gocuda.ElapsedTime(timed, never)
	require.ErrorIs(t, err, gocuda.ErrInvalidResourceHandle, "never recorded")
	ms, err := gocuda.ElapsedTime(timed, timed)
	require.NoError(t, err)
	assert.Zero(t, ms)

	other := newDevice(t)
	require.ErrorIs(t, timed.Record(newStream(t, other)), gocuda.ErrInvalidResourceHandle, "stream of another device")

	require.NoError(t, timed.Close())
	require.ErrorIs(t, timed.Close(), gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, timed.Record(s), gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, timed.Synchronize(), gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, timed.Query(), gocuda.ErrInvalidResourceHandle)
	require.ErrorIs(t, s.WaitEvent(timed), gocuda.ErrInvalidResourceHandle)
	_, err = gocuda.ElapsedTime(timed, untimed)
	require.ErrorIs(t, err, gocuda.ErrInvalidResourceHandle)
}

// TestEventSince: Since measures what ElapsedTime measures, as a
// time.Duration, in either order, and fails as ElapsedTime does.
func TestEventSince(t *testing.T) {
	d := newDevice(t)
	s := newStream(t, d)
	start, end := newEvent(t, d), newEvent(t, d)
	const held = 20 * time.Millisecond
	require.NoError(t, start.Record(s))
	require.NoError(t, s.Launch(one, func(*gocuda.Thread) { time.Sleep(held) })) // the work being timed
	require.NoError(t, end.Record(s))
	require.NoError(t, end.Synchronize())

	got, err := end.Since(start)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, got, held)
	ms, err := gocuda.ElapsedTime(start, end)
	require.NoError(t, err)
	assert.Equal(t, float32(got.Seconds()*1e3), ms, "Since and ElapsedTime disagree")
	back, err := start.Since(end)
	require.NoError(t, err)
	assert.Equal(t, -got, back)
	zero, err := end.Since(end)
	require.NoError(t, err)
	assert.Zero(t, zero)

	untimed, never := newEvent(t, d, gocuda.EventDisableTiming()), newEvent(t, d)
	require.NoError(t, untimed.Record(s))
	pending := newEvent(t, d)
	open := gate(t, s)
	require.NoError(t, pending.Record(s))
	closed := newEvent(t, d)
	require.NoError(t, closed.Record(s))
	require.NoError(t, closed.Close())
	for _, tc := range []struct {
		name       string
		start, end *gocuda.Event
		want       error
	}{
		{"timing disabled", start, untimed, gocuda.ErrInvalidResourceHandle},
		{"never recorded", never, end, gocuda.ErrInvalidResourceHandle},
		{"nil start", nil, end, gocuda.ErrInvalidResourceHandle},
		{"closed", start, closed, gocuda.ErrInvalidResourceHandle},
		{"not ready", start, pending, gocuda.ErrNotReady},
	} {
		_, err := tc.end.Since(tc.start)
		assert.ErrorIs(t, err, tc.want, tc.name)
		_, elapsedErr := gocuda.ElapsedTime(tc.start, tc.end)
		assert.Equal(t, elapsedErr, err, "%s: ElapsedTime fails differently", tc.name)
	}
	var nilEnd *gocuda.Event
	_, err = nilEnd.Since(start)
	require.ErrorIs(t, err, gocuda.ErrInvalidResourceHandle)
	open()
	require.NoError(t, s.Synchronize())
}
