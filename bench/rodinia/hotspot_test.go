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

// hotspotTol is the relative tolerance of hotspot's comparisons. Every
// cell's update is the same expression, evaluated in the same order, in
// the kernel and the references, and the results are equal bit for bit on
// amd64; the tolerance allows only for the Go compiler fusing a multiply
// and an add into an FMA in one function and not the other, which the
// language permits (arm64, GOAMD64=v3).
const hotspotTol = 1e-6

// TestHotspot: Hotspot on both paths, and HotspotParallel, equal
// HotspotSerial's step-by-step stencil, for grids that are and are not
// multiples of the small blocks, pyramid heights from 1 to the largest,
// and step counts that are not multiples of the pyramid height.
func TestHotspot(t *testing.T) {
	cases := []struct{ rows, cols, pyramid, iterations int }{
		{1, 1, 1, 1}, {1, 9, 2, 3}, {5, 7, 2, 3}, {12, 12, 2, 0}, {14, 14, 1, 4}, {16, 16, 1, 2},
		{17, 33, 2, 5}, {64, 64, 3, 7}, {30, 9, 7, 9}, {37, 100, 4, 8},
	}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%dx%d/pyramid=%d/iterations=%d", c.rows, c.cols, c.pyramid, c.iterations), func(t *testing.T) {
				temp, power := rodinia.HotspotInput(c.rows, c.cols, seed)
				want := [2][]float32{slices.Clone(temp), make([]float32, len(temp))}
				wi := rodinia.HotspotSerial(power, want, c.rows, c.cols, c.iterations)

				got := [2][]float32{slices.Clone(temp), make([]float32, len(temp))}
				gi, err := rodinia.Hotspot(dev, power, got, c.rows, c.cols, c.pyramid, c.iterations)
				require.NoError(t, err)
				require.NoError(t, gocudatest.Close(got[gi], want[wi], hotspotTol), "Hotspot")

				par := [2][]float32{slices.Clone(temp), make([]float32, len(temp))}
				pi := rodinia.HotspotParallel(power, par, c.rows, c.cols, c.iterations)
				require.NoError(t, gocudatest.Equal(par[pi], want[wi]), "HotspotParallel")
			})
		}
	})
}

// TestHotspotErrors: bad arguments are errors matching
// gocuda.ErrInvalidValue.
func TestHotspotErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	p := make([]float32, 6)
	temp := [2][]float32{make([]float32, 6), make([]float32, 6)}
	for name, call := range map[string]func() error{
		"nil device": func() error { _, err := rodinia.Hotspot(nil, p, temp, 2, 3, 1, 1); return err },
		"size":       func() error { _, err := rodinia.Hotspot(dev, p, temp, 3, 3, 1, 1); return err },
		"pyramid 0":  func() error { _, err := rodinia.Hotspot(dev, p, temp, 2, 3, 0, 1); return err },
		"pyramid 8":  func() error { _, err := rodinia.Hotspot(dev, p, temp, 2, 3, 8, 1); return err },
		"iterations": func() error { _, err := rodinia.Hotspot(dev, p, temp, 2, 3, 1, -1); return err },
	} {
		require.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
}
