package grid

import (
	"fmt"
	"strings"

	"github.com/gocuda/gocuda/internal/panics"
)

// A ThreadPanic is the value a Block's driver panics with when another
// thread of the block panicked. Thread is the linear thread index in the
// block.
type ThreadPanic struct {
	Thread int
	panics.Report
}

func (p *ThreadPanic) Error() string {
	return fmt.Sprintf("grid: thread %d panicked: %v", p.Thread, p.Value)
}

// A Waiter is a thread stuck at a barrier: its linear index in the block and
// the barrier operation it waits at.
type Waiter struct {
	Thread int
	Op     Op
}

// A Deadlock is the value a Block's driver panics with when the threads
// waiting at a barrier can never all be released: every live thread has
// arrived, but not at the same operation.
type Deadlock struct {
	Waiting []Waiter
}

func (d *Deadlock) Error() string {
	parts := make([]string, len(d.Waiting))
	for i, w := range d.Waiting {
		parts[i] = fmt.Sprintf("thread %d at %v", w.Thread, w.Op)
	}
	return "grid: barrier deadlock: " + strings.Join(parts, ", ")
}

// deadlock describes the threads now waiting.
func (b *Block) deadlock() *Deadlock {
	d := &Deadlock{}
	for i, th := range b.threads {
		if th.state == waiting && th.gen == b.gen {
			d.Waiting = append(d.Waiting, Waiter{Thread: i, Op: th.op})
		}
	}
	return d
}
