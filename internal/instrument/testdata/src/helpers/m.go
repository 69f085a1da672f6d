package helpers

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// spin is a spin lock (CUDA by Example's lock.h): its methods make atomics
// and fences, so they get twins that are methods too.
type spin struct{ mutex *int32 }

func (l spin) lock() {
	for atomic.CAS(l.mutex, 0, 1) != 0 {
	}
	atomic.ThreadFence()
}

func (l spin) unlock() {
	atomic.ThreadFence()
	atomic.Exch(l.mutex, 0)
}

// table has a method with a pointer receiver that indexes.
type table struct{ cells []float32 }

func (tb *table) put(i int, v float32) { tb.cells[i] = v }

// get is not called from a kernel: no twin.
func (tb *table) get(i int) float32 { return tb.cells[i] }

// size indexes nothing: no twin.
func (tb table) size() int { return len(tb.cells) }

// gocudaT_put is taken: put's twin is named otherwise.
func (tb *table) gocudaT_put() {}

// vec is generic.
type vec[T any] struct{ v []T }

func (x vec[T]) at(i int) T { return x.v[i] }

// holder embeds the lock: its promoted methods call the twins.
type holder struct{ spin }

func methodKernel(t *gocuda.Thread, l spin, h holder, tb *table, x vec[float32]) {
	l.lock()
	tb.put(tb.size()-1, x.at(0))
	l.unlock()
	h.lock()
	h.unlock()
	f := tb.put // a method value: called as it is
	f(0, 0)
	spin.unlock(l) // a method expression: called as it is
}

// hostLock calls the methods outside kernels: unchanged.
func hostLock(l spin, tb *table) {
	l.lock()
	tb.put(0, tb.get(0))
	l.unlock()
}
