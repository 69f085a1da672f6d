package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// switchLanesHost is SwitchCasesKernel's out[i].
func switchLanesHost(in []float32, w, i int) float32 {
	var d float32
	switch x := i % w; {
	case x == 0:
		d = in[i]
	case w < 4:
		d = 2 * in[i]
	case x == w-1:
		d = -in[i]
	default:
		d = in[i] * 0.5
	}
	for k := range 4 {
		switch {
		case d < float32(k)-1:
			continue
		case d > 0:
			d += float32(k)
		default:
			d -= 0.25
		}
	}
	return d
}

// TestSwitch: a switch without a tag agrees on every form (the SIMD
// build's steps run it as a chain of masked ifs) and with the host, for
// row widths that put a row's ends inside a step, at its edges, and
// make the uniform case hold.
func TestSwitchLanes(t *testing.T) {
	const n = 300
	in := randF(n)
	for _, w := range []int{1, 3, 7, 8, 9, 64} {
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}, SwitchCasesKernel(in, out, w))
			return bitsOf(out), err
		})
		for i := range n {
			require.Equal(t, bitsOf([]float32{switchLanesHost(in, w, i)})[0], got[i], "w %d thread %d", w, i)
		}
	}
}
