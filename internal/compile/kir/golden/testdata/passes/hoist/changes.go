package hoist

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// changes reads a variable the body changes, one its init declares, and
// one a closure changes: none hoisted.
//
// Unchanged: each call reads a variable the body changes, one its init
// declares, or one a closure changes.
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
