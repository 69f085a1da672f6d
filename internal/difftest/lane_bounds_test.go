package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// laneBoundsHost is LaneBoundsKernel's out[i].
func laneBoundsHost(in []float32, i, lo, hi int) float32 {
	var v float32
	flags := []struct {
		holds bool
		add   float32
	}{{i < hi, 1}, {i <= hi, 2}, {i > lo, 4}, {i >= lo, 8}, {2*i < hi, 16}}
	for _, f := range flags {
		if f.holds {
			v += f.add
		}
	}
	if i >= lo && i < hi && i < len(in) {
		v += in[i]
	}
	if i < lo || i > hi {
		v += 64
	}
	return v
}

// TestLaneBounds: every comparison's flag and the guarded read agree on
// every form and with the host, for bounds inside a step, at its edges,
// before the grid and past it, so that steps run with every lane, some
// or none passing each test.
func TestLaneBounds(t *testing.T) {
	const n = 200
	in := randF(n - 7) // the last threads read past in: the helper's zero
	for _, b := range [][2]int{{0, n}, {-5, 3}, {17, 33}, {16, 32}, {31, 150}, {100, 90}, {n, n + 40}, {-40, -1}} {
		lo, hi := b[0], b[1]
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, LaneBoundsKernel(in, out, lo, hi))
			return bitsOf(out), err
		})
		for i := range n {
			require.Equal(t, bitsOf([]float32{laneBoundsHost(in, i, lo, hi)})[0], got[i], "lo %d hi %d thread %d", lo, hi, i)
		}
	}
}
