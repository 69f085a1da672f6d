package hecbenchwarp

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestThreadfence runs sum with main.cu's launch (blocks of 256) on 1000
// and 70000 elements, twice each (the kernel resets its counter for the
// next call), on main.cu's input of −1s and on small integers, whose
// float32 sums are exact in any order, and requires the total in
// result[0] and the counter back at zero.
func TestThreadfence(t *testing.T) {
	for _, N := range []int{1000, 70000} {
		r := rng(N)
		ones, ints := make([]float32, N), make([]float32, N)
		var want float32
		for i := range N {
			ones[i] = -1
			ints[i] = float32(r.IntN(9) - 4)
			want += ints[i]
		}
		grids := (N + 255) / 256
		for _, c := range []struct {
			in   []float32
			want float32
		}{{ones, -float32(N)}, {ints, want}} {
			got := agree(t, func(f form) ([2]float32, error) {
				result, count := make([]float32, grids), make([]uint32, 1)
				for range 2 {
					if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grids}, Block: gocuda.Dim3{X: 256}},
						ThreadfenceSumKernel(c.in, int32(N), count, result)); err != nil {
						return [2]float32{}, err
					}
				}
				return [2]float32{result[0], float32(count[0])}, nil
			})
			require.Equal(t, [2]float32{c.want, 0}, got, "N=%d", N)
		}
	}
}
