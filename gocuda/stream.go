package gocuda

import (
	"context"
	"sync"

	"github.com/gocuda/gocuda/internal/grid"
)

// A Stream is a queue of device work, like a cudaStream_t: operations
// queued on one stream run one after another in the order they were queued;
// operations on different streams may run at the same time and share the
// device's workers. Queuing returns at once; Synchronize waits.
//
// Errors are per stream, as CUDA's are per context: the first operation that
// fails (a kernel panic, say) makes the stream skip the operations queued
// after it, until Synchronize reports the error and clears it. Event records
// still complete, so nothing waiting on them hangs.
//
// The device's default stream (Device.DefaultStream) follows CUDA's legacy
// default-stream semantics: an operation queued on it waits for everything
// queued before it on every blocking stream, and an operation queued on a
// blocking stream waits for everything queued before it on the default
// stream. Streams made with StreamNonBlocking do not synchronize with the
// default stream. Synchronous calls (Device.Launch, package mem's
// synchronous copies and Free) first wait, as in CUDA, for the work queued
// before them on the default stream and every blocking stream; they do not
// queue themselves, so concurrent synchronous calls still run at once.
//
// A Stream is safe for use by multiple goroutines. Its zero value is not
// usable: make streams with Device.NewStream. A nil *Stream is CUDA's
// stream 0, the default stream: given to a function of a device's event or
// memory (Event.Record, package mem's asynchronous copies), that device's;
// as the receiver of a Stream method, the default device's (see Default),
// as CUDA's stream 0 is the current device's. An operation's effects happen
// before the operations queued after it on its stream start, and before
// Synchronize (of the stream or the device) returns.
type Stream struct {
	_        noCopy
	dev      *Device
	legacy   bool // the device's default stream
	blocking bool // synchronizes with the default stream

	// Guarded by dev.streams.mu.
	queue    []*op
	tail     *op // last queued operation
	draining bool
	err      error // first error not yet reported
	closed   bool
}

// An op is one queued operation.
type op struct {
	run    func() error // nil: nothing to run (a wait)
	host   func()       // a host function, run in place of run
	always bool         // runs even after an earlier failure (event records)
	deps   []*op        // operations on other streams that must finish first
	done   chan struct{}
}

func (o *op) finished() bool {
	select {
	case <-o.done:
		return true
	default:
		return false
	}
}

// A StreamOption configures NewStream. Like Option and EventOption, it
// sets a field of the constructor's settings and may reject its argument
// with an error, which the constructor returns (see the package doc's
// Options).
type StreamOption func(*streamOptions) error

// streamOptions are NewStream's settings.
type streamOptions struct {
	nonBlocking bool
}

// StreamNonBlocking makes a stream that does not synchronize with the
// default stream (cudaStreamNonBlocking).
func StreamNonBlocking() StreamOption {
	return func(o *streamOptions) error {
		o.nonBlocking = true
		return nil
	}
}

// streamSet is a device's streams, and the lock that orders them.
type streamSet struct {
	mu         sync.Mutex
	all        map[*Stream]struct{}
	def        *Stream
	lastLegacy *op // last operation queued on the default stream
	closed     bool
}

func (set *streamSet) init(d *Device) {
	set.all = make(map[*Stream]struct{})
	set.def = &Stream{dev: d, legacy: true}
	set.all[set.def] = struct{}{}
}

// NewStream makes a stream on the device (cudaStreamCreate). By default it
// synchronizes with the default stream; see StreamNonBlocking.
func (d *Device) NewStream(opts ...StreamOption) (*Stream, error) {
	var o streamOptions
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	s := &Stream{dev: d, blocking: !o.nonBlocking}
	set := &d.streams
	set.mu.Lock()
	defer set.mu.Unlock()
	if set.closed {
		return nil, ErrContextIsDestroyed
	}
	set.all[s] = struct{}{}
	return s, nil
}

// DefaultStream returns the device's default stream, CUDA's legacy NULL
// stream (see Stream).
func (d *Device) DefaultStream() *Stream { return d.streams.def }

// Launch queues a launch of kernel and returns at once (kernel<<<grid,
// block, shared, stream>>>). A configuration error is returned at once, as
// by Device.Launch; the kernel's own failure is reported by Synchronize.
// See LaunchContext.
func (s *Stream) Launch(cfg Config, kernel func(*Thread)) error {
	return s.LaunchContext(context.Background(), cfg, kernel)
}

// LaunchContext queues a launch of kernel that ctx can stop, and returns at
// once. A configuration error is returned at once, as by Device.Launch, and
// so is an error wrapping ctx.Err() if ctx is already done; nothing is
// queued then. The kernel's own failure is reported by Synchronize.
//
// Once ctx is done, the queued launch starts no further block, as
// Device.LaunchContext does: if ctx ends before the stream reaches the
// launch, no block runs; if it ends while the launch runs, the blocks
// running finish and no others start. Either way the launch fails with an
// error wrapping ctx.Err(), which is the stream's error like any other
// failure: the operations queued after it are skipped until Synchronize
// reports it. ctx does not stop waiting: Synchronize still waits for the
// launch (SynchronizeContext stops waiting). Watching ctx costs no
// goroutine while the launch waits in the queue.
//
// From inside a kernel the launch is a nested one, as Device.Launch's: it
// runs at once, is not ordered with the work queued on s, and returns when
// the child grid has finished, with its error; nothing is queued on s. In
// CUDA a stream made on the host is undefined in device code, and the
// grids a kernel launches into its own streams complete before it does;
// running them at once keeps that guarantee and cannot hang.
func (s *Stream) LaunchContext(ctx context.Context, cfg Config, kernel func(*Thread)) error {
	s = s.orDefault()
	l, err := s.dev.newLaunch(cfg, kernel)
	if err != nil {
		return err
	}
	if grid.InKernel() {
		if err := s.usable(); err != nil {
			return err
		}
		return s.dev.runNested(ctx, l)
	}
	if ctx.Err() != nil {
		return contextError(ctx, "launch cancelled before it was queued")
	}
	return s.enqueue(&op{run: func() error { return s.dev.run(ctx, l) }})
}

// WaitEvent makes the work queued on s after this call wait until e's most
// recent Record (at the time of this call) has completed
// (cudaStreamWaitEvent). An event never recorded is complete; a nil e
// returns ErrInvalidResourceHandle.
func (s *Stream) WaitEvent(e *Event) error {
	rec, err := e.latest()
	if err != nil {
		return err
	}
	s = s.orDefault()
	o := &op{}
	if rec != nil {
		o.deps = []*op{rec.op}
	}
	return s.enqueue(o)
}
