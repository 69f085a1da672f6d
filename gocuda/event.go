package gocuda

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// An Event marks a point in a stream, like a cudaEvent_t: Record queues the
// mark, and the event completes, taking its timestamp, when the stream
// reaches it, not when Record is called. Synchronize and Query wait for and
// test the most recent Record; ElapsedTime measures between two events.
//
// An Event is safe for use by multiple goroutines. Its zero value is not
// usable: make events with Device.NewEvent. A nil *Event is CUDA's 0 event
// handle: its methods, and functions given one, return an error wrapping
// ErrInvalidResourceHandle. Everything queued on a stream
// before a Record happens before that record completes, and so before an
// Event.Synchronize that observes it returns.
type Event struct {
	dev    *Device
	timing bool

	mu     sync.Mutex
	rec    *record // most recent Record; nil if never recorded
	closed bool
}

// A record is one Record of an event.
type record struct {
	op *op
	at time.Time // set when the stream reaches the record
}

// An EventOption configures NewEvent, in the style of Option and
// StreamOption (see the package doc's Options).
type EventOption func(*eventOptions) error

// eventOptions are NewEvent's settings.
type eventOptions struct {
	disableTiming bool
}

// EventDisableTiming makes an event that takes no timestamps
// (cudaEventDisableTiming); ElapsedTime and Since on it return
// ErrInvalidResourceHandle.
func EventDisableTiming() EventOption {
	return func(o *eventOptions) error {
		o.disableTiming = true
		return nil
	}
}

// NewEvent makes an event on the device (cudaEventCreate).
func (d *Device) NewEvent(opts ...EventOption) (*Event, error) {
	if d.mem.Closed() { // not d.mu: a kernel may call NewEvent while a pending Close waits for it
		return nil, ErrContextIsDestroyed
	}
	var o eventOptions
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	return &Event{dev: d, timing: !o.disableTiming}, nil
}

// Record queues the event on s (cudaEventRecord), or on the event's
// device's default stream if s is nil (CUDA's stream 0). It completes, with
// its timestamp, once s has finished everything queued before it, even if
// one of those operations failed.
func (e *Event) Record(s *Stream) error {
	if e == nil {
		return errNilEvent
	}
	if s == nil {
		s = e.dev.DefaultStream()
	}
	if s.dev != e.dev {
		return fmt.Errorf("%w: event and stream belong to different devices", ErrInvalidResourceHandle)
	}
	rec := &record{}
	rec.op = &op{always: true, run: func() error {
		rec.at = time.Now()
		return nil
	}}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return fmt.Errorf("%w: event closed", ErrInvalidResourceHandle)
	}
	if err := s.enqueue(rec.op); err != nil {
		return err
	}
	e.rec = rec
	return nil
}

// errNilEvent is the error of a nil *Event, which CUDA's 0 event handle
// is.
var errNilEvent = fmt.Errorf("%w: nil event", ErrInvalidResourceHandle)

// latest returns the most recent record, or nil, or an error if e is nil
// or closed.
func (e *Event) latest() (*record, error) {
	if e == nil {
		return nil, errNilEvent
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, fmt.Errorf("%w: event closed", ErrInvalidResourceHandle)
	}
	return e.rec, nil
}

// Synchronize waits until the most recent Record has completed
// (cudaEventSynchronize). An event never recorded is complete. Called from
// a host function before the record has completed, it returns an error
// wrapping ErrNotPermitted instead of waiting (see Stream.LaunchHostFunc). From inside
// a kernel, where the record may be queued behind the kernel itself, it
// returns an error wrapping ErrNotPermitted; Query does not wait and may be
// used there.
func (e *Event) Synchronize() error {
	const what = "Event.Synchronize"
	if err := hostOnly(what); err != nil {
		return err
	}
	return e.synchronize(context.Background(), what)
}

// Query returns ErrNotReady until the most recent Record has completed
// (cudaEventQuery), then nil.
func (e *Event) Query() error {
	rec, err := e.latest()
	if err == nil && rec != nil && !rec.op.finished() {
		return ErrNotReady
	}
	return err
}

// Close releases the event (cudaEventDestroy); later use returns
// ErrInvalidResourceHandle. A Record still queued completes as usual.
func (e *Event) Close() error {
	if e == nil {
		return errNilEvent
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return fmt.Errorf("%w: event closed", ErrInvalidResourceHandle)
	}
	e.closed = true
	return nil
}

// ElapsedTime returns the milliseconds from start's most recent Record to
// end's, with the resolution of the host's monotonic clock
// (cudaEventElapsedTime). It returns ErrInvalidResourceHandle if either event
// is nil, was made with EventDisableTiming, was never recorded or is closed,
// and ErrNotReady if either record has not completed. Event.Since gives
// the same measure as a time.Duration.
func ElapsedTime(start, end *Event) (float32, error) {
	d, err := elapsed(start, end)
	if err != nil {
		return 0, err
	}
	return float32(d.Seconds() * 1e3), nil
}

// Since returns the time from start's most recent Record to e's: what
// ElapsedTime(start, e) measures, as a time.Duration for Go code (to print,
// compare or feed to testing.B.ReportMetric) rather than CUDA's float32
// milliseconds. It fails as ElapsedTime does. The duration is negative if
// e's record was reached before start's.
func (e *Event) Since(start *Event) (time.Duration, error) {
	return elapsed(start, e)
}

// elapsed is the time from start's most recent record to end's.
func elapsed(start, end *Event) (time.Duration, error) {
	var at [2]time.Time
	for i, e := range []*Event{start, end} {
		rec, err := e.latest()
		switch {
		case err != nil:
			return 0, err
		case !e.timing:
			return 0, fmt.Errorf("%w: event created with EventDisableTiming", ErrInvalidResourceHandle)
		case rec == nil:
			return 0, fmt.Errorf("%w: event never recorded", ErrInvalidResourceHandle)
		case !rec.op.finished():
			return 0, ErrNotReady
		}
		at[i] = rec.at
	}
	return at[1].Sub(at[0]), nil
}
