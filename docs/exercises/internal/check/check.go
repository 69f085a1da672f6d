// Package check holds what the exercises' tests share: a small device that
// never blocks a test's cleanup, a watchdog for kernels that never finish,
// hints for launch errors, and the two thread orders that expose a missing
// barrier.
package check

import (
	"errors"
	"fmt"
	"runtime/debug"
	"testing"
	"time"

	"github.com/gocuda/gocuda/gocuda"
)

// Workers is the number of worker goroutines (multiprocessors) of the
// tests' devices.
const Workers = 2

// Limit is how long a test waits for the code under test before it
// reports a kernel that never finishes.
const Limit = 10 * time.Second

// NewDevice returns a device with Workers workers, closed when the test
// ends. Closing waits for running launches, so it gives up after a second:
// a kernel stuck in an endless loop must not hang the test binary.
func NewDevice(tb testing.TB) *gocuda.Device {
	tb.Helper()
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(Workers))
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
		case <-time.After(time.Second):
		}
	})
	return dev
}

// Call runs f, the code under test, and returns its error. A panic in f
// (host code, not a kernel: kernels' panics are launch errors) is returned
// as an error. If f has not returned within Limit, Call fails the test:
// some kernel thread loops forever.
func Call(tb testing.TB, f func() error) error {
	tb.Helper()
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
		return err
	case <-time.After(Limit):
		tb.Fatalf("the launch has not finished after %v: a kernel thread seems to loop forever.\n"+
			"hint: does every loop of your kernel end? A grid-stride loop must add the stride to i, and a\n"+
			"loop over strides must halve (or double) the stride each time round.", Limit)
		return nil
	}
}

// NoError fails the test if err is not nil, printing err with a hint that
// explains what the error usually means. what names the call that failed.
func NoError(tb testing.TB, err error, what string) {
	tb.Helper()
	if err != nil {
		tb.Fatalf("%s failed: %v\nhint: %s", what, err, Explain(err))
	}
}

// Explain returns a hint for an error a launch returned: what a student's
// kernel usually got wrong when a launch fails this way.
func Explain(err error) string {
	var deadlock *gocuda.DeadlockError
	var gridDeadlock *gocuda.GridDeadlockError
	switch {
	case errors.As(err, &gridDeadlock):
		return "some blocks wait at t.SyncGrid() for blocks that returned without reaching it.\n" +
			"Every thread of every block must reach the same SyncGrid calls: do not return early, or\n" +
			"skip a SyncGrid in an if, before the grid barrier."
	case errors.As(err, &deadlock):
		return "threads of a block wait at a barrier or warp collective that the others never reach\n" +
			"(on a GPU the kernel would hang). Every thread of a block must reach the same t.SyncThreads()\n" +
			"calls, so do not put one inside an if that only some threads take. Every lane named in a\n" +
			"shuffle's mask (gocuda.FullMask: all 32) must make the same shuffle: let threads with no\n" +
			"element take part with 0 instead of returning early.\n" +
			"(The tests run kernels with barriers once more with a t.SyncThreadsCount of their own after the\n" +
			"kernel returns: threads waiting there have finished your kernel while others of their block\n" +
			"still wait at one of its barriers, perhaps one inside an if or a loop some threads leave early.)"
	case errors.Is(err, gocuda.ErrIllegalAddress):
		return "a kernel thread indexed a slice out of range (the error names its block, thread and line).\n" +
			"Check the bounds before every access (if i < n): when n is not a multiple of the block size,\n" +
			"the last block has threads past the end of the data. Size shared arrays for every thread that\n" +
			"uses them."
	case errors.Is(err, gocuda.ErrInvalidConfiguration):
		return "the launch configuration is invalid: a block has at most 1024 threads (X and Y at most 1024,\n" +
			"Z at most 64), and every grid and block size is positive (a zero field means 1)."
	case errors.Is(err, gocuda.ErrCooperativeLaunchTooLarge):
		return "a cooperative launch may have at most dev.Workers() × dev.MaxActiveBlocksPerMultiprocessor(block, 0)\n" +
			"blocks, so that all of them are resident at once."
	case errors.Is(err, gocuda.ErrInvalidValue):
		return "gocuda was used the wrong way: every thread of a block must make the same gocuda.Shared calls\n" +
			"in the same order with the same type and length, shared memory is limited to 48 KiB per block,\n" +
			"and t.SyncGrid() needs a cooperative launch."
	case errors.Is(err, gocuda.ErrLaunchFailure):
		return "a kernel thread panicked (the error names it and its line)."
	}
	return "see the error above."
}

// An Order is one way of running a block's threads between its barriers.
type Order struct {
	// Name describes the order, for test names.
	Name string
	// Wrap returns the kernel to launch for kernel.
	Wrap func(kernel func(*gocuda.Thread)) func(*gocuda.Thread)
}

// Orders are the two ways a test runs a kernel with barriers.
//
// gocuda runs one thread of a block at a time, each until its next
// barrier, in an order that alternates: thread 0 to the last up to the
// first barrier, from the last thread back to thread 0 up to the next, and
// so on. A kernel missing a barrier can give the right answer in one of
// these orders by luck. The second Order runs the kernel after one extra
// barrier, which flips the order of every stretch between its barriers, so
// such a kernel fails under at least one of the two.
//
// The second Order also makes every thread meet at a t.SyncThreadsCount
// after the kernel returns. A thread that returns while others still wait
// at one of the kernel's SyncThreads then waits at a different barrier
// than they do, and the launch fails with a *gocuda.DeadlockError: CUDA
// requires every thread of a block to reach the same __syncthreads calls
// (the programming guide calls anything else undefined behavior), even
// where gocuda, like recent GPUs, would let such a kernel finish.
var Orders = []Order{
	{Name: "as written", Wrap: func(k func(*gocuda.Thread)) func(*gocuda.Thread) { return k }},
	{Name: "after an extra barrier", Wrap: func(k func(*gocuda.Thread)) func(*gocuda.Thread) {
		return func(t *gocuda.Thread) {
			t.SyncThreads()
			k(t)
			t.SyncThreadsCount(true)
		}
	}},
}

// OrderHint explains a kernel that is right in one thread order and wrong
// in the other.
const OrderHint = "your kernel is right when the threads of a block run in one order and wrong in another:\n" +
	"a thread reads shared memory that another thread writes (or overwrites what another still has to\n" +
	"read) with no t.SyncThreads() in between. On a GPU this is a race that fails at random."

// Hint returns "\nhint: " and OrderHint for every order but the first,
// where the tests have already passed the kernel, and "" for the first.
func Hint(o Order) string {
	if o.Name == Orders[0].Name {
		return ""
	}
	return "\nhint: " + OrderHint
}
