package split

import "github.com/gocuda/gocuda/gocuda"

// divides guards through a helper that divides by its argument, which may
// fail. Not split.
//
// Unchanged: the guard calls a helper that divides by its argument,
// which may fail: it must be evaluated for every thread in order.
func divides(t *gocuda.Thread, out []float32, d int) {
	i := t.ThreadIdx.X
	v := float32(i)
	if above(i, d) {
		out[i] = v
	}
}

func above(x, d int) bool { return x/d > 1 }
