package gocuda

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/gocuda/gocuda/internal/panics"
)

// Errors returned by launches, named after CUDA's cudaError_t values. Match
// them with errors.Is; the errors gocuda returns wrap them with detail.
var (
	// ErrInvalidConfiguration is cudaErrorInvalidConfiguration: a launch
	// asks for a grid or block shape the device cannot run, or has no kernel.
	ErrInvalidConfiguration = errors.New("gocuda: invalid configuration")

	// ErrInvalidValue is cudaErrorInvalidValue ("invalid argument"): a bad
	// option or argument, such as more shared memory per block than the
	// launch may use.
	ErrInvalidValue = errors.New("gocuda: invalid argument")

	// ErrIllegalAddress is cudaErrorIllegalAddress: a kernel accessed memory
	// out of range (in Go: an index or slice out of range, or a nil
	// dereference).
	ErrIllegalAddress = errors.New("gocuda: an illegal memory access was encountered")

	// ErrLaunchFailure is cudaErrorLaunchFailure: a kernel failed in any
	// other way (a panic).
	ErrLaunchFailure = errors.New("gocuda: unspecified launch failure")

	// ErrLaunchTimeout is cudaErrorLaunchTimeout. On a GPU, a kernel whose
	// threads wait at a barrier that can never complete hangs until the
	// watchdog ends it with this error; gocuda detects the deadlock and
	// returns a *DeadlockError wrapping it at once.
	ErrLaunchTimeout = errors.New("gocuda: the launch timed out and was terminated")

	// ErrContextIsDestroyed is cudaErrorContextIsDestroyed: the device has
	// been closed.
	ErrContextIsDestroyed = errors.New("gocuda: context is destroyed")

	// ErrMemoryAllocation is cudaErrorMemoryAllocation: an allocation does
	// not fit in the device's free global memory.
	ErrMemoryAllocation = errors.New("gocuda: out of memory")

	// ErrNotReady is cudaErrorNotReady: a queried stream or event still has
	// work pending. It reports a state, not a failure.
	ErrNotReady = errors.New("gocuda: device not ready")

	// ErrInvalidResourceHandle is cudaErrorInvalidResourceHandle: a closed
	// stream or event, an event never recorded, or a timing query on an
	// event created without timing.
	ErrInvalidResourceHandle = errors.New("gocuda: invalid resource handle")

	// ErrInvalidDevice is cudaErrorInvalidDevice: no device has the given
	// ordinal.
	ErrInvalidDevice = errors.New("gocuda: invalid device ordinal")

	// ErrAssert is cudaErrorAssert: a kernel's Thread.Assert failed.
	ErrAssert = errors.New("gocuda: device-side assert triggered")

	// ErrIllegalInstruction is cudaErrorIllegalInstruction: a kernel
	// called Thread.Trap.
	ErrIllegalInstruction = errors.New("gocuda: an illegal instruction was encountered")

	// ErrInvalidPitchValue is cudaErrorInvalidPitchValue: a 2D copy's pitch
	// is smaller than its width.
	ErrInvalidPitchValue = errors.New("gocuda: invalid pitch argument")

	// ErrCooperativeLaunchTooLarge is cudaErrorCooperativeLaunchTooLarge:
	// a cooperative launch has more blocks than can be resident at once
	// (see Device.MaxActiveBlocksPerMultiprocessor).
	ErrCooperativeLaunchTooLarge = errors.New("gocuda: too many blocks in cooperative launch")

	// ErrNotPermitted is cudaErrorNotPermitted: the call is not allowed
	// where it is made, such as a host function (Stream.LaunchHostFunc)
	// waiting for device work, which could be waiting for itself.
	ErrNotPermitted = errors.New("gocuda: operation not permitted")

	// ErrInvalidKernelImage is cudaErrorInvalidKernelImage: with
	// GOCUDA_STRICT=1, a launch of a kernel whose compiled form (written
	// by gocuda compile) is older than its source, which would otherwise
	// run on the runtime path with a warning.
	ErrInvalidKernelImage = errors.New("gocuda: device kernel image is invalid")
	// ErrNoKernelImage is cudaErrorNoKernelImageForDevice: a launch on a
	// GPU of a kernel with no GPU form (one not compiled by gocuda
	// compile -gpu, or with no form for its arguments' types), or whose
	// form cannot be read (its generated file's PTX pack is corrupt).
	ErrNoKernelImage = errors.New("gocuda: no kernel image is available for execution on the device")
	// ErrNoDevice is cudaErrorNoDevice: WithGPU found no GPU, or no GPU
	// back end is linked (import package nvidia).
	ErrNoDevice = errors.New("gocuda: no CUDA-capable device is detected")
)

// A KernelError reports a panic in a kernel thread: the first thread of the
// launch that failed. It unwraps to Err (ErrIllegalAddress for Go's index,
// slice and nil-pointer panics, ErrLaunchFailure for other panics, or a more
// specific gocuda error) and, if the panic value is an error, to that too.
type KernelError struct {
	Block  Dim3  // block index of the failing thread
	Thread Dim3  // thread index within the block
	Value  any   // the value the thread panicked with
	Err    error // what CUDA would report
	Stack  []byte
	// Site is the kernel's frame that raised the panic.
	Site runtime.Frame
}

// Error describes the failure: the CUDA error, the thread, the panic value
// and where it was raised.
func (e *KernelError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: block %v thread %v", e.Err, e.Block, e.Thread)
	if v, ok := e.Value.(error); !ok || v != e.Err {
		fmt.Fprintf(&b, ": panic: %v", e.Value)
	}
	if e.Site.File != "" {
		fmt.Fprintf(&b, " [%s:%d]", e.Site.File, e.Site.Line)
	}
	return b.String()
}

// Unwrap returns Err and, if the panic value is an error, the value.
func (e *KernelError) Unwrap() []error {
	if v, ok := e.Value.(error); ok && v != e.Err {
		return []error{e.Err, v}
	}
	return []error{e.Err}
}

// newKernelError classifies a recovered panic of thread in block.
func newKernelError(block, thread Dim3, r panics.Report) *KernelError {
	e := &KernelError{Block: block, Thread: thread, Value: r.Value, Stack: r.Stack, Site: r.Site}
	var usage *usageError
	switch {
	case panics.IllegalAddress(r.Value):
		e.Err = ErrIllegalAddress
	case errors.As(asError(r.Value), &usage):
		e.Err = usage
	default:
		e.Err = ErrLaunchFailure
	}
	return e
}

func asError(v any) error {
	if err, ok := v.(error); ok {
		return err
	}
	return nil
}

// A usageError is what gocuda panics with when a kernel misuses the thread
// API (shared memory, for example). It wraps a sentinel.
type usageError struct {
	sentinel error
	msg      string
}

func (e *usageError) Error() string { return e.sentinel.Error() + ": " + e.msg }
func (e *usageError) Unwrap() error { return e.sentinel }

func misuse(sentinel error, format string, args ...any) *usageError {
	return &usageError{sentinel, fmt.Sprintf(format, args...)}
}

// A DeadlockError reports a block whose threads wait at barriers or warp
// collectives that can never complete: threads at different barrier kinds,
// lanes at different collectives, or lanes at a collective that waits for a
// live lane stuck at a block barrier. (Lanes that have exited, or do not
// exist, do not hold a collective up.) It unwraps to ErrLaunchTimeout, the
// error a GPU reports when its watchdog ends such a kernel.
type DeadlockError struct {
	Block   Dim3
	Waiting []WaitingThread
}

// A WaitingThread is a thread stuck at a barrier or collective, and what it
// waits at (SyncThreads, SyncThreadsCount, ShflSync(mask 0xffffffff), ...).
type WaitingThread struct {
	Thread  Dim3
	Barrier string
}

// Error lists the waiting threads, grouped by barrier, the first few of
// each group by index.
func (e *DeadlockError) Error() string {
	const shown = 4
	var b strings.Builder
	fmt.Fprintf(&b, "gocuda: barrier deadlock in block %v: threads wait for each other forever:", e.Block)
	var order []string
	groups := map[string][]Dim3{}
	for _, w := range e.Waiting {
		if _, ok := groups[w.Barrier]; !ok {
			order = append(order, w.Barrier)
		}
		groups[w.Barrier] = append(groups[w.Barrier], w.Thread)
	}
	for i, name := range order {
		if i > 0 {
			b.WriteByte(';')
		}
		threads := groups[name]
		fmt.Fprintf(&b, " %d at %s (", len(threads), name)
		for j, th := range threads[:min(shown, len(threads))] {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(th.String())
		}
		if len(threads) > shown {
			fmt.Fprintf(&b, ", and %d more", len(threads)-shown)
		}
		b.WriteByte(')')
	}
	b.WriteString("; on a GPU this kernel hangs until the launch times out")
	return b.String()
}

// Unwrap returns ErrLaunchTimeout.
func (e *DeadlockError) Unwrap() error { return ErrLaunchTimeout }
