package grid_test

import (
	"fmt"
	"iter"

	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/panics"
)

// testReporter makes structured errors, as package gocuda's does, so the
// tests can check what the engine reported.
type testReporter struct{}

type threadPanic struct {
	thread int
	panics.Report
}

func (p *threadPanic) Error() string { return fmt.Sprintf("thread %d panicked: %v", p.thread, p.Value) }

type waiter struct {
	thread int
	at     string
}

type deadlock struct{ waiting []waiter }

func (d *deadlock) Error() string { return fmt.Sprintf("deadlock: %v", d.waiting) }

type gridDeadlock struct{ waiting, exited []int64 }

func (d *gridDeadlock) Error() string {
	return fmt.Sprintf("grid deadlock: %v for %v", d.waiting, d.exited)
}

func (testReporter) ThreadPanic(thread int, r panics.Report) error {
	return &threadPanic{thread, r}
}

func (testReporter) Deadlock(waiting iter.Seq2[int, string]) error {
	d := &deadlock{}
	for thread, at := range waiting {
		d.waiting = append(d.waiting, waiter{thread, at})
	}
	return d
}

func (testReporter) GridDeadlock(waiting, exited []int64) error {
	return &gridDeadlock{waiting, exited}
}

var _ grid.Reporter = testReporter{}
