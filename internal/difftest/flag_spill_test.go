package difftest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// flagSpillHost is FlagSpillKernel's out[i].
func flagSpillHost(x float32, rounds int) float32 {
	set := x > 0
	for r := range rounds {
		if x < float32(r) {
			set = !set
		}
		if set {
			x = x*0.5 + 1
		}
	}
	if set {
		x = -x
	}
	return x
}

// flagSpill64Host is FlagSpill64Kernel's out[i].
func flagSpill64Host(x float64, rounds int) float64 {
	set := x > 0
	for r := range rounds {
		if x < float64(r) {
			set = !set
		}
		if set {
			x = x*0.5 + 1
		}
	}
	if set {
		x = -x
	}
	return x
}

// TestFlagSpill: a bool kept per thread across barriers agrees on every
// form and with the host, for lengths that end inside a block's step
// (the flags stored under the mask of the threads still running), in
// steps of eight lanes (float32) and of four (float64).
func TestFlagSpill(t *testing.T) {
	for _, n := range []int{5, 64, 150} {
		in := randF(n)
		in[0] = float32(math.NaN())
		for _, rounds := range []int{0, 1, 4} {
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}, FlagSpillKernel(in, out, rounds))
				return bitsOf(out), err
			})
			for i := range n {
				require.Equal(t, math.Float32bits(flagSpillHost(in[i], rounds)), got[i], "n %d rounds %d thread %d", n, rounds, i)
			}
			in64 := randD(n, true)
			got64 := agreeSIMD(t, func(f form) ([]uint64, error) {
				out := make([]float64, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}, FlagSpill64Kernel(in64, out, rounds))
				return bits64(out), err
			})
			for i := range n {
				require.Equal(t, math.Float64bits(flagSpill64Host(in64[i], rounds)), got64[i], "float64: n %d rounds %d thread %d", n, rounds, i)
			}
		}
	}
}
