package grid

import (
	"fmt"
	"slices"
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

// A Waiter is a thread stuck at a block barrier (Op) or at a warp
// collective (Collective, when InCollective is set).
type Waiter struct {
	Thread       int
	Op           Op
	InCollective bool
	Collective   Collective
}

// String describes what the thread waits at, such as "SyncThreads" or
// "ShflSync(mask 0x0000ffff)".
func (w Waiter) String() string {
	if w.InCollective && w.Collective.Kind == KindActiveMask {
		return "ActiveMask"
	}
	if w.InCollective {
		return fmt.Sprintf("%v(mask %#08x)", w.Collective.Kind, w.Collective.Mask)
	}
	return w.Op.String()
}

// A Deadlock is the value a Block's driver panics with when threads wait for
// each other at barriers or warp collectives that can never complete: every
// live thread waits, but not at the same block barrier operation, or lanes
// wait at different collectives, or at a collective and a block barrier.
type Deadlock struct {
	Waiting []Waiter
}

func (d *Deadlock) Error() string {
	parts := make([]string, len(d.Waiting))
	for i, w := range d.Waiting {
		parts[i] = fmt.Sprintf("thread %d at %v", w.Thread, w)
	}
	return "grid: barrier deadlock: " + strings.Join(parts, ", ")
}

// deadlock describes the threads now waiting.
func (b *Block) deadlock() *Deadlock {
	d := &Deadlock{}
	for i := b.atBar.next(0); i >= 0; i = b.atBar.next(i + 1) {
		d.Waiting = append(d.Waiting, Waiter{Thread: i, Op: b.ops[i]})
	}
	ws := &b.warps
	for i := ws.waiting.next(0); i >= 0; i = ws.waiting.next(i + 1) {
		d.Waiting = append(d.Waiting, Waiter{Thread: i, InCollective: true, Collective: ws.coll[i]})
	}
	slices.SortStableFunc(d.Waiting, func(a, b Waiter) int { return a.Thread - b.Thread })
	return d
}
