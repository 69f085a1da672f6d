package grid

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/internal/panics"
)

// A Reporter makes the errors that the engine's failures end in. The
// engine's user implements it, so that each failure is built once, as the
// user's own error type, where it is detected, and nothing translates it
// afterwards. Its methods run on the goroutine that detected the failure.
type Reporter interface {
	// ThreadPanic is the error of thread's panic, recovered.
	ThreadPanic(thread int, r panics.Report) error

	// Deadlock is the error of a block whose threads wait for each other
	// forever. waiting yields each waiting thread, in order, with what it
	// waits at, such as "SyncThreads" or "ShflSync(mask 0x0000ffff)".
	Deadlock(waiting iter.Seq2[int, string]) error

	// GridDeadlock is the error of a job whose blocks (by index, sorted)
	// wait at a GridBarrier for blocks that returned without reaching it.
	GridDeadlock(waiting, exited []int64) error
}

// plainReporter is the Reporter of a Block or GridBarrier that has none:
// plain errors, for the engine's own tests and tools.
type plainReporter struct{}

func (plainReporter) ThreadPanic(thread int, r panics.Report) error {
	return fmt.Errorf("grid: thread %d panicked: %v", thread, r.Value)
}

func (plainReporter) Deadlock(waiting iter.Seq2[int, string]) error {
	var parts []string
	for thread, at := range waiting {
		parts = append(parts, fmt.Sprintf("thread %d at %s", thread, at))
	}
	return errors.New("grid: barrier deadlock: " + strings.Join(parts, ", "))
}

func (plainReporter) GridDeadlock(waiting, exited []int64) error {
	return fmt.Errorf("grid: grid barrier deadlock: blocks %v wait for blocks %v, which returned without reaching it",
		waiting, exited)
}

func (b *Block) reporter() Reporter {
	if b.Reporter == nil {
		return plainReporter{}
	}
	return b.Reporter
}

// deadlock is the error describing the threads now waiting.
func (b *Block) deadlock() error {
	type waiter struct {
		thread int
		at     string
	}
	var ws []waiter
	for i := b.atBar.next(0); i >= 0; i = b.atBar.next(i + 1) {
		ws = append(ws, waiter{i, b.ops[i].String()})
	}
	warps := &b.warps
	for i := warps.waiting.next(0); i >= 0; i = warps.waiting.next(i + 1) {
		ws = append(ws, waiter{i, warps.coll[i].String()})
	}
	slices.SortStableFunc(ws, func(a, b waiter) int { return a.thread - b.thread })
	return b.reporter().Deadlock(func(yield func(int, string) bool) {
		for _, w := range ws {
			if !yield(w.thread, w.at) {
				return
			}
		}
	})
}

// String describes the collective as a waiting thread's error names it,
// such as "ShflSync(mask 0x0000ffff)" or "ActiveMask".
func (c Collective) String() string {
	if c.Kind == KindActiveMask {
		return "ActiveMask"
	}
	return fmt.Sprintf("%v(mask %#08x)", c.Kind, c.Mask)
}
