package rodinia_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// gaussianTol is the relative tolerance of Gaussian's comparisons with
// GaussianSerial. Every element gets the same operations in the same order
// in the kernels and the reference, and the results are equal bit for bit
// on amd64; the tolerance allows only for FMA fusion, as hotspotTol does,
// whose effect elimination carries on to later steps.
const gaussianTol = 1e-5

// TestGaussian: Gaussian on both paths, and GaussianParallel, eliminate
// as GaussianSerial does (a, b and the multipliers m) for sizes around the
// 4×4 blocks of Fan2 and the 512 threads of Fan1's blocks, and back
// substitution then solves Rodinia's system.
func TestGaussian(t *testing.T) {
	sizes := []int{1, 2, 3, 4, 5, 16, 17, 100}
	if !testing.Short() {
		sizes = append(sizes, 513)
	}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
				a0, b0 := rodinia.GaussianInput(n)
				wa, wb, wm := slices.Clone(a0), slices.Clone(b0), make([]float32, n*n)
				rodinia.GaussianSerial(wa, wb, wm, n)

				ga, gb, gm := slices.Clone(a0), slices.Clone(b0), make([]float32, n*n)
				require.NoError(t, rodinia.Gaussian(dev, ga, gb, gm, n))
				require.NoError(t, gocudatest.Close(ga, wa, gaussianTol), "a")
				require.NoError(t, gocudatest.Close(gb, wb, gaussianTol), "b")
				require.NoError(t, gocudatest.Close(gm, wm, gaussianTol), "m")

				pa, pb, pm := slices.Clone(a0), slices.Clone(b0), make([]float32, n*n)
				rodinia.GaussianParallel(pa, pb, pm, n)
				require.NoError(t, gocudatest.Equal(pa, wa), "GaussianParallel a")
				require.NoError(t, gocudatest.Equal(pb, wb), "GaussianParallel b")
				require.NoError(t, gocudatest.Equal(pm, wm), "GaussianParallel m")

				// The solution solves the original system.
				x := rodinia.GaussianBackSub(ga, gb, n)
				for i := range n {
					var s float64
					for j := range n {
						s += float64(a0[i*n+j]) * float64(x[j])
					}
					require.InDelta(t, 1, s, 1e-3, "row %d of A·x", i)
				}
			})
		}
	})
}

// TestGaussianSmall: a 2×2 system eliminated and solved by hand.
func TestGaussianSmall(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	a := []float32{2, 1, 4, 3}
	b := []float32{3, 7}
	m := make([]float32, 4)
	require.NoError(t, rodinia.Gaussian(dev, a, b, m, 2))
	require.Equal(t, []float32{2, 1, 0, 1}, a)
	require.Equal(t, []float32{3, 1}, b)
	require.Equal(t, []float32{0, 0, 2, 0}, m)
	x := rodinia.GaussianBackSub(a, b, 2)
	require.Equal(t, []float32{1, 1}, x)
}

// TestGaussianErrors: bad arguments are errors matching
// gocuda.ErrInvalidValue.
func TestGaussianErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	a, b, m := make([]float32, 4), make([]float32, 2), make([]float32, 4)
	for name, call := range map[string]func() error{
		"nil device": func() error { return rodinia.Gaussian(nil, a, b, m, 2) },
		"size 0":     func() error { return rodinia.Gaussian(dev, a[:0], b[:0], m[:0], 0) },
		"a":          func() error { return rodinia.Gaussian(dev, a[:3], b, m, 2) },
		"b":          func() error { return rodinia.Gaussian(dev, a, b[:1], m, 2) },
		"m":          func() error { return rodinia.Gaussian(dev, a, b, m[:3], 2) },
	} {
		require.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
}
