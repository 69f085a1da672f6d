package gocuda

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/gocuda/gocuda/internal/goid"
)

// LaunchHostFunc queues f to run on a goroutine of its own in stream order
// (cudaLaunchHostFunc): after the work queued before it, and before the
// work queued after it.
//
// As in CUDA, f must not wait for device work: it runs as part of its
// stream, so the wait could be for f itself. A call from f that would have
// to wait (Synchronize of a stream, an event or the device, a synchronous
// launch, copy or Free of package mem, Stream.Close or Device.Close) returns
// an error wrapping ErrNotPermitted at once instead; calls that need not
// wait, such as queuing more work or Query, work. A panic in f, or a
// runtime.Goexit (t.FailNow, say), fails the stream with an error wrapping
// ErrLaunchFailure (and the panic value, if it is an error); the stream
// goes on after Synchronize reports it.
func (s *Stream) LaunchHostFunc(f func()) error {
	if f == nil {
		return fmt.Errorf("%w: nil host function", ErrInvalidValue)
	}
	s = s.orDefault()
	return s.enqueue(&op{run: func() error { return runHostFunc(f) }})
}

// runHostFunc runs f on a goroutine of its own, so that a runtime.Goexit in
// f ends only that goroutine, and returns how f ended.
func runHostFunc(f func()) error {
	done := make(chan error, 1)
	go func() {
		id := goid.ID()
		hostFuncs.add(id)
		defer hostFuncs.remove(id)
		returned := false
		defer func() {
			if !returned {
				done <- hostFuncFailure(recover())
			}
		}()
		f()
		returned = true
		done <- nil
	}()
	return <-done
}

// hostFuncFailure describes a host function that did not return: it
// panicked with r, or, if r is nil, called runtime.Goexit.
func hostFuncFailure(r any) error {
	switch r := r.(type) {
	case nil:
		return fmt.Errorf("%w: a host function called runtime.Goexit (t.FailNow or t.Fatal inside it?)", ErrLaunchFailure)
	case error:
		return fmt.Errorf("%w: host function panicked: %w", ErrLaunchFailure, r)
	default:
		return fmt.Errorf("%w: host function panicked: %v", ErrLaunchFailure, r)
	}
}

// hostFuncs is the set of goroutines running host functions, on every
// device: a host function of one device waiting for another could wait
// for itself too, through an event.
var hostFuncs hostSet

// A hostSet is a set of goroutine ids with a count that is cheap to read.
type hostSet struct {
	running atomic.Int64 // len(ids), read without the lock
	mu      sync.Mutex
	ids     map[uint64]struct{}
}

func (h *hostSet) add(id uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ids == nil {
		h.ids = make(map[uint64]struct{})
	}
	h.ids[id] = struct{}{}
	h.running.Add(1)
}

func (h *hostSet) remove(id uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.ids, id)
	h.running.Add(-1)
}

// holdsCaller reports whether the calling goroutine is running a host
// function. Finding out costs microseconds (goid.ID), so it is asked only
// while some host function runs, and only by calls about to wait.
func (h *hostSet) holdsCaller() bool {
	if h.running.Load() == 0 {
		return false
	}
	id := goid.ID()
	h.mu.Lock()
	defer h.mu.Unlock()
	_, ok := h.ids[id]
	return ok
}

// mayWait returns an error wrapping ErrNotPermitted if the caller, about
// to wait for device work in what, is a host function: that work may be
// queued behind the host function itself, and CUDA forbids host functions
// to synchronize with device work.
func mayWait(what string) error {
	if hostFuncs.holdsCaller() {
		return fmt.Errorf("%w: %s called from a host function (Stream.LaunchHostFunc), which must not wait for device work", ErrNotPermitted, what)
	}
	return nil
}
