package gocuda

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/gocuda/gocuda/internal/goid"
)

// LaunchHostFunc queues f to run in stream order (cudaLaunchHostFunc):
// after the work queued before it, and before the work queued after it. It
// runs on a goroutine of the stream's, neither the caller's nor the one
// that runs the stream's other operations.
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
	return s.enqueue(&op{host: f})
}

// A hostRunner is a goroutine that runs a stream's host functions, one at
// a time, for one drainer. A host function runs apart from the drainer so
// that a runtime.Goexit in it ends only the runner, and on a goroutine
// whose id is known, so that mayWait can recognise its calls. The drainer
// keeps its runner until its queue is empty, so a stream's run of host
// functions pays for one goroutine and one goid.ID.
type hostRunner struct {
	calls chan func()
	ended chan hostEnd
}

// A hostEnd is how a host function ended: its error, and whether it ended
// the runner (a runtime.Goexit).
type hostEnd struct {
	err    error
	exited bool
}

// callHost runs f on the runner *r, starting one if *r is nil, and returns
// f's error. A runner that f ended is dropped.
func callHost(r **hostRunner, f func()) error {
	if *r == nil {
		*r = &hostRunner{calls: make(chan func()), ended: make(chan hostEnd)}
		go (*r).loop()
	}
	(*r).calls <- f
	end := <-(*r).ended
	if end.exited {
		*r = nil
	}
	return end.err
}

// stop ends a runner, if there is one.
func (r *hostRunner) stop() {
	if r != nil {
		close(r.calls)
	}
}

func (r *hostRunner) loop() {
	id := goid.ID()
	hostFuncs.register(id)
	defer hostFuncs.unregister(id)
	for f := range r.calls {
		r.ended <- hostEnd{err: r.run(f)}
	}
}

// run runs one host function, turning a panic into its error. A
// runtime.Goexit cannot be stopped: it is reported as the runner ends.
func (r *hostRunner) run(f func()) (err error) {
	hostFuncs.running.Add(1)
	returned := false
	defer func() {
		hostFuncs.running.Add(-1)
		if returned {
			return
		}
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: %w", ErrLaunchFailure, panicError("host function", v))
			return
		}
		r.ended <- hostEnd{exited: true, err: fmt.Errorf(
			"%w: a host function called runtime.Goexit (t.FailNow or t.Fatal inside it?)", ErrLaunchFailure)}
	}()
	f()
	returned = true
	return nil
}

// panicError describes a panic of what with value v, wrapping v if it is
// an error.
func panicError(what string, v any) error {
	if err, ok := v.(error); ok {
		return fmt.Errorf("%s panicked: %w", what, err)
	}
	return fmt.Errorf("%s panicked: %v", what, v)
}

// hostFuncs is the set of host-function goroutines, on every device: a
// host function of one device waiting for another could wait for itself
// too, through an event.
var hostFuncs hostSet

// A hostSet is the ids of the goroutines that run host functions, and how
// many host functions are running, which is cheap to read.
type hostSet struct {
	running atomic.Int64
	mu      sync.Mutex
	ids     map[uint64]struct{}
}

func (h *hostSet) register(id uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ids == nil {
		h.ids = make(map[uint64]struct{})
	}
	h.ids[id] = struct{}{}
}

func (h *hostSet) unregister(id uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.ids, id)
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
