package panics

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Report describes one recovered panic.
type Report struct {
	Value any           // the value passed to panic
	Stack []byte        // the panicking goroutine's stack, as debug.Stack prints it
	Site  runtime.Frame // the first non-runtime frame below the panic
}

// Capture builds a Report for v. It must be called from the deferred function
// that recovered v, so that the panicking frames are still on the stack.
func Capture(v any) Report {
	return Report{Value: v, Stack: debug.Stack(), Site: site()}
}

// site finds the frame that raised the panic: the first frame after
// runtime.gopanic that is neither in the runtime (index checks, nil
// dereferences and divisions enter the runtime before gopanic) nor in
// gocuda's engine (whose misuse panics are the calling kernel's fault).
func site() runtime.Frame {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	seenPanic := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			seenPanic = true
		case seenPanic && !internal(f.Function):
			return f
		}
		if !more {
			return runtime.Frame{}
		}
	}
}

// internal reports whether function belongs to the runtime or to gocuda's
// engine packages (package compiled's collectives included) rather than to
// a kernel. Package probe's entry points are
// engine too: in an instrumented build (gocuda check) a kernel's s[i] is
// probe.Index's (its s[i] = v probe.Store's), and its index panic the
// kernel's line's.
func internal(function string) bool {
	for _, prefix := range []string{"runtime.", "github.com/gocuda/gocuda/gocuda.", "github.com/gocuda/gocuda/internal/grid.", "github.com/gocuda/gocuda/compiled."} {
		if strings.HasPrefix(function, prefix) {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(function, "github.com/gocuda/gocuda/probe."); ok {
		name, _, _ := strings.Cut(rest, "[")
		switch name {
		case "Index", "Addr", "Store", "StoreAddr", "Local", "Atomic", "After", "Fence", "Cond", "Sync", "Mask", "Back":
			return true
		}
	}
	return false
}

// IllegalAddress reports whether v is the Go runtime's way of saying what a
// GPU reports as an illegal memory access: an index or slice out of range, or
// a nil or invalid pointer dereference.
func IllegalAddress(v any) bool {
	e, ok := v.(runtime.Error)
	if !ok {
		return false
	}
	msg := e.Error()
	for _, s := range []string{"index out of range", "slice bounds out of range", "invalid memory address", "nil pointer dereference"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
