package difftest

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestNarrowLanes: float32 lanes in a step of float64 ones give the
// runtime path's and a host reference's bits, edge values included.
func TestNarrowLanes(t *testing.T) {
	edges32 := []float32{0, float32(math.Copysign(0, -1)), float32(math.NaN()), float32(math.Inf(1)), math.SmallestNonzeroFloat32, math.MaxFloat32, -1.5, 3}
	edges64 := []float64{1e300, -1e-310, math.NaN(), math.Inf(-1), 0.1, math.MaxFloat32 * 1.5, 7, -0.25}
	for _, c := range []struct{ n, bs int }{{1, 1}, {7, 4}, {100, 32}, {1000, 128}} {
		t.Run(fmt.Sprintf("n=%d/block=%d", c.n, c.bs), func(t *testing.T) {
			x, y0 := make([]float32, c.n), make([]float64, c.n)
			for i := range x {
				x[i], y0[i] = edges32[i%len(edges32)]*float32(i%5+1), edges64[(i/3)%len(edges64)]
			}
			type result struct {
				y []uint64
				z []uint32
			}
			got := agree(t, func(f form) (result, error) {
				y, z := append([]float64(nil), y0...), make([]float32, c.n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(c.n, c.bs)}, Block: gocuda.Dim3{X: c.bs}}, NarrowLanesKernel(x, y, z))
				return result{bits64(y), bits32(z)}, err
			})
			for i := range x {
				s := y0[i]*0.5 + float64(x[i])
				require.Equal(t, math.Float64bits(s), got.y[i], "y[%d]", i)
				require.Equal(t, math.Float32bits(float32(s)*x[i]), got.z[i], "z[%d]", i)
			}
		})
	}
}

func bits32(s []float32) []uint32 {
	out := make([]uint32, len(s))
	for i, v := range s {
		out[i] = math.Float32bits(v)
	}
	return out
}
