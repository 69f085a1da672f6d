package difftest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// mixedWidthsHost is MixedWidthsKernel for thread i.
func mixedWidthsHost(in []float32, k []int32, u []uint32, scale float32, i int) (out float32, wide float64, big int64) {
	x := in[i]
	d := 0.5*float64(x) - (1.0/16.0)*float64(x*x) + 0.25*float64(in[max(i-1, 0)]-in[min(i+1, len(in)-1)])
	v := float32(d) * scale
	if x > scale {
		v = float32(1.0 / (1.0 + float64(v)))
	}
	if d < 0 {
		out = v + float32(i)
	} else {
		out = -v
	}
	return out, float64(k[i]) + float64(i)*0.25 + d, int64(k[i]) - int64(u[i])
}

// TestMixedWidths: a kernel of float32 memory and float64 arithmetic
// agrees on every form (the SIMD build's steps run four threads, their
// 32-bit values in 128-bit vectors) and with the host, bit for bit, for
// lengths that leave a step's tail and with NaN, infinities, signed
// zeros and int32's and uint32's extremes among the inputs.
func TestMixedWidths(t *testing.T) {
	for _, n := range []int{1, 4, 7, 301} {
		in := randF(n)
		for j, s := range []float32{float32(math.NaN()), float32(math.Inf(-1)), float32(math.Copysign(0, -1)), 1e30, -3} {
			in[(j*5)%n] = s
		}
		k, u := make([]int32, n), make([]uint32, n)
		for i := range n {
			k[i] = int32(i*7919) - 1000
			u[i] = uint32(i) * 0x9e3779b9
		}
		k[n-1], u[0] = math.MinInt32, math.MaxUint32
		const scale = 0.75
		type result struct {
			out  []uint32
			wide []uint64
			big  []int64
		}
		got := agreeSIMD(t, func(f form) (result, error) {
			out, wide, big := make([]float32, n), make([]float64, n), make([]int64, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}},
				MixedWidthsKernel(in, k, u, out, wide, big, scale))
			return result{bitsOf(out), bits64(wide), big}, err
		})
		for i := range n {
			out, wide, big := mixedWidthsHost(in, k, u, scale, i)
			require.Equal(t, math.Float32bits(out), got.out[i], "n %d thread %d: out", n, i)
			require.Equal(t, math.Float64bits(wide), got.wide[i], "n %d thread %d: wide", n, i)
			require.Equal(t, big, got.big[i], "n %d thread %d: big", n, i)
		}
	}
}
