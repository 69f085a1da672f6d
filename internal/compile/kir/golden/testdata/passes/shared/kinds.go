// Package shared holds the inputs of the shared pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package shared

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// kinds uses other atomics and element forms: a field of a shared
// struct, an element of a shared array of arrays, an explicit type
// argument, and a result that is read.
//
// shared writes the three atomics on shared memory (a field, an
// element of an array of arrays, one with a type argument) as plain
// reads and writes.
func kinds(t *gocuda.Thread, out []int32) {
	type cell struct{ n, m int32 }
	cells := gocuda.Shared[cell](t, 32)
	rows := gocuda.Shared[[4]float32](t, 8)
	tid := t.ThreadIdx.X
	old := atomic.Max(&cells[tid%32].n, int32(tid))
	atomic.Add[float32](&rows[tid%8][tid%4], 1)
	atomic.CAS(&cells[0].m, 0, int32(tid))
	t.SyncThreads()
	out[tid] = old + cells[tid%32].n
}
