package difftest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// hoistHost is HoistKernel over one block of sums, serially.
func hoistHost(sums []float32, scale float64) []float32 {
	s := append([]float32(nil), sums...)
	for k := 1; float64(k) <= math.Log2(scale*float64(len(s))); k++ {
		p := 1 << k
		next := append([]float32(nil), s...)
		for ty := range s {
			if ty%p == 0 && ty+p/2 < len(s) {
				next[ty] = s[ty] + s[ty+p/2]
			}
		}
		s = next
	}
	return s
}

// TestHoist: a block-level loop whose bound is math.Log2 of a uniform
// value agrees with the runtime path and the host: bounds that are
// whole, fractional, below one, and NaN.
func TestHoist(t *testing.T) {
	for _, bs := range []int{1, 16, 48, 64} {
		for _, scale := range []float64{1, 0.5, 0.75, 1e-3, math.NaN()} {
			sums := randF(2 * bs)
			got := agree(t, func(f form) ([]uint32, error) {
				out := append([]float32(nil), sums...)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, HoistKernel(out, scale))
				return bitsOf(out), err
			})
			for b := range 2 {
				want := hoistHost(sums[b*bs:(b+1)*bs], scale)
				for ty := range bs {
					require.Equal(t, math.Float32bits(want[ty]), got[b*bs+ty], "block size %d scale %v block %d thread %d", bs, scale, b, ty)
				}
			}
		}
	}
}
