// Package check holds what the exercises' tests share: a small device that
// never blocks a test's cleanup, a watchdog for kernels that never finish,
// hints for launch errors, and the two thread orders that expose a missing
// barrier.
package check

import (
	"errors"
	"testing"
	"time"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// Workers is the number of worker goroutines (multiprocessors) of the
// tests' devices.
const Workers = 2

// Limit is how long a test waits for the code under test before it
// reports a kernel that never finishes.
const Limit = 10 * time.Second

// NewDevice returns a device with Workers workers, closed when the test
// ends (see gocudatest.NewDevice).
func NewDevice(tb testing.TB) *gocuda.Device {
	tb.Helper()
	return gocudatest.NewDevice(tb, gocuda.WithWorkers(Workers))
}

// Call runs f, the code under test, and returns its error (see
// gocudatest.Watch). If f has not returned within Limit, Call fails the
// test with a hint: some kernel thread loops forever.
func Call(tb testing.TB, f func() error) error {
	tb.Helper()
	err, ok := gocudatest.Watch(Limit, f)
	if !ok {
		tb.Fatalf("the launch has not finished after %v: a kernel thread seems to loop forever.\n"+
			"hint: does every loop of your kernel end? A grid-stride loop must add the stride to i, and a\n"+
			"loop over strides must halve (or double) the stride each time round.", Limit)
	}
	return err
}

// NoError fails the test if err is not nil, printing err with a hint that
// explains what the error usually means. what names the call that failed.
func NoError(tb testing.TB, err error, what string) {
	tb.Helper()
	if err != nil {
		tb.Fatalf("%s failed: %v\nhint: %s", what, err, Explain(err))
	}
}

// Explain returns a hint for an error a launch returned (see
// gocudatest.Explain), with, for a deadlock, what the tests' second thread
// order adds.
func Explain(err error) string {
	hint := gocudatest.Explain(err)
	var deadlock *gocuda.DeadlockError
	if errors.As(err, &deadlock) {
		hint += "\n(The tests run kernels with barriers once more with a t.SyncThreadsCount of their own after the\n" +
			"kernel returns: threads waiting there have finished your kernel while others of their block\n" +
			"still wait at one of its barriers, perhaps one inside an if or a loop some threads leave early.)"
	}
	return hint
}

// An Order is one way of running a block's threads between its barriers
// (see gocudatest.Order).
type Order = gocudatest.Order

// Orders are the two ways a test runs a kernel with barriers (see
// gocudatest.Orders).
var Orders = gocudatest.Orders

// OrderHint explains a kernel that is right in one thread order and wrong
// in the other.
const OrderHint = gocudatest.OrderHint

// Hint returns "\nhint: " and OrderHint for every order but the first,
// where the tests have already passed the kernel, and "" for the first.
func Hint(o Order) string {
	if o.Name == Orders[0].Name {
		return ""
	}
	return "\nhint: " + OrderHint
}
