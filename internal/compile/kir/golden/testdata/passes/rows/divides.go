package rows

import "github.com/gocuda/gocuda/gocuda"

// divides guards through a helper that divides by its argument, which may
// fail. Not split.
//
// rows checks out once a row but does not split the loop: the guard
// calls a helper that divides by its argument, which may fail, so it is
// evaluated for every thread in order.
func divides(t *gocuda.Thread, out []float32, d int) {
	i := t.ThreadIdx.X
	v := float32(i)
	if above(i, d) {
		out[i] = v
	}
}

func above(x, d int) bool { return x/d > 1 }
