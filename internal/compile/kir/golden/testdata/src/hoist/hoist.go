// Package hoist holds kernels whose block-level loops call package math
// in their conditions: a call whose arguments no trip changes is
// evaluated once, before the loop.
package hoist

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

const height = 16

// tree is backprop's: the loop's bound is math.Log2 of a constant,
// hoisted; its step's math.Pow reads the counter, and stays.
func tree(t *gocuda.Thread, sums []float32) {
	s := gocuda.Shared[float32](t, height)
	ty := t.ThreadIdx.X
	s[ty] = sums[ty]
	for i := 1; float64(i) <= math.Log2(height); i++ {
		t.SyncThreads()
		p := int(math.Pow(2, float64(i)))
		if ty%p == 0 {
			s[ty] += s[ty+p/2]
		}
	}
	t.SyncThreads()
	sums[ty] = s[ty]
}

// bounds reads a parameter and the block's size, which nothing changes:
// hoisted.
func bounds(t *gocuda.Thread, out []float32, scale float64) {
	for k := 0; float64(k) < math.Sqrt(scale*float64(t.BlockDim.X)); k++ {
		t.SyncThreads()
		out[t.ThreadIdx.X] += 1
	}
}

// changes reads a variable the body changes, one its init declares, and
// one a closure changes: none hoisted.
func changes(t *gocuda.Thread, out []float32, lim float64) {
	x := lim
	for k := 0; float64(k) < math.Sqrt(x); k++ {
		t.SyncThreads()
		x -= 1
	}
	for n, k := lim, 0; float64(k) < math.Log2(n); k++ {
		t.SyncThreads()
	}
	y := lim
	grow := func() { y++ }
	for k := 0; float64(k) < math.Cbrt(y) && k < 8; k++ {
		t.SyncThreads()
		grow()
	}
	out[t.ThreadIdx.X] = float32(x + y)
}

type limit struct{ v float64 }

func (l *limit) grow() { l.v++ }

// method reads a variable a method with a pointer receiver changes,
// which takes its address: not hoisted.
func method(t *gocuda.Thread, out []float32, lim float64) {
	l := limit{lim}
	for k := 0; float64(k) < math.Sqrt(l.v) && k < 8; k++ {
		t.SyncThreads()
		l.grow()
	}
	out[t.ThreadIdx.X] = float32(l.v)
}
