package gocudatest

import (
	"fmt"
	"runtime/debug"
	"testing"
	"time"

	"github.com/gocuda/gocuda/gocuda"
)

// CloseLimit is how long a test's device may take to close when the test
// ends: closing waits for running launches, and a kernel stuck in an
// endless loop must not hang the test binary.
const CloseLimit = time.Second

// NewDevice returns a device made with opts, closed when the test ends
// (giving up after CloseLimit). It fails the test if the device cannot be
// made.
func NewDevice(tb testing.TB, opts ...gocuda.Option) *gocuda.Device {
	tb.Helper()
	dev, err := gocuda.NewDevice(opts...)
	if err != nil {
		tb.Fatalf("gocuda.NewDevice: %v", err)
	}
	tb.Cleanup(func() {
		done := make(chan struct{})
		go func() {
			_ = dev.Close()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(CloseLimit):
		}
	})
	return dev
}

// Watch runs f, the code under test, on another goroutine and returns its
// error, or finished false if f has not returned within limit: some
// kernel thread loops forever (f goes on running). A panic in f (host
// code: a kernel's panic is its launch's error) is returned as an error.
func Watch(limit time.Duration, f func() error) (err error, finished bool) {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("host code panicked: %v\n%s", r, debug.Stack())
			}
		}()
		done <- f()
	}()
	select {
	case err := <-done:
		return err, true
	case <-time.After(limit):
		return nil, false
	}
}

// Within is Watch that fails the test when f does not finish in time.
func Within(tb testing.TB, limit time.Duration, f func() error) error {
	tb.Helper()
	err, ok := Watch(limit, f)
	if !ok {
		tb.Fatalf("the launch has not finished after %v: a kernel thread seems to loop forever", limit)
	}
	return err
}

// Paths runs f as two subtests, "compiled" and "runtime", each with a
// device of its own: a default one, which runs kernels compiled by gocuda
// compile as compiled, and one made gocuda.WithRuntimePath. A kernel that
// is right on both is right in two schedules CUDA allows.
func Paths(t *testing.T, f func(t *testing.T, dev *gocuda.Device), opts ...gocuda.Option) {
	t.Helper()
	t.Run("compiled", func(t *testing.T) { f(t, NewDevice(t, opts...)) })
	t.Run("runtime", func(t *testing.T) {
		f(t, NewDevice(t, append(append([]gocuda.Option(nil), opts...), gocuda.WithRuntimePath())...))
	})
}
