// Package shadow has sites where the thread's name means something else.
package shadow

import "github.com/gocuda/gocuda/gocuda"

func shadowed(t *gocuda.Thread, out []int, ts []int) {
	out[0] = 1
	{
		t := 3
		out[t] = 2
	}
	for _, t := range ts {
		out[t] = 3
	}
	f := func(t int) {
		out[t] = 4
	}
	f(1)
	out[1] = 5
}
