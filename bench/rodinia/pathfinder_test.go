package rodinia_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// TestPathfinder: Pathfinder on both paths, and PathfinderParallel, equal
// PathfinderSerial exactly, for rows that are and are not multiples of the
// small blocks (256 less twice the pyramid height), pyramid heights from 1
// to the largest, and row counts that are not multiples of the pyramid.
func TestPathfinder(t *testing.T) {
	cases := []struct{ rows, cols, pyramid int }{
		{1, 1, 1}, {1, 10, 3}, {2, 1, 1}, {5, 7, 2}, {10, 254, 1}, {10, 255, 1}, {21, 256, 20},
		{20, 257, 20}, {100, 1000, 20}, {30, 3000, 7}, {130, 21, 127},
	}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%dx%d/pyramid=%d", c.rows, c.cols, c.pyramid), func(t *testing.T) {
				wall := rodinia.PathfinderInput(c.rows, c.cols, seed)
				want := [2][]int32{make([]int32, c.cols), make([]int32, c.cols)}
				wi := rodinia.PathfinderSerial(wall, c.rows, c.cols, want)

				got := [2][]int32{make([]int32, c.cols), make([]int32, c.cols)}
				gi, err := rodinia.Pathfinder(dev, wall, c.rows, c.cols, c.pyramid, got)
				require.NoError(t, err)
				require.NoError(t, gocudatest.Equal(got[gi], want[wi]), "Pathfinder")

				par := [2][]int32{make([]int32, c.cols), make([]int32, c.cols)}
				pi := rodinia.PathfinderParallel(wall, c.rows, c.cols, par)
				require.NoError(t, gocudatest.Equal(par[pi], want[wi]), "PathfinderParallel")
			})
		}
	})
}

// TestPathfinderSmall: the cheapest paths down a wall worked by hand.
func TestPathfinderSmall(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	wall := []int32{
		3, 1, 4, 1,
		5, 9, 2, 6,
		5, 3, 5, 8,
	}
	res := [2][]int32{make([]int32, 4), make([]int32, 4)}
	i, err := rodinia.Pathfinder(dev, wall, 3, 4, 2, res)
	require.NoError(t, err)
	// Row 1: 5+1, 9+1, 2+1, 6+1; row 2: 5+6, 3+3, 5+3, 8+3.
	require.Equal(t, []int32{11, 6, 8, 11}, res[i])
}

// TestPathfinderErrors: bad arguments are errors matching
// gocuda.ErrInvalidValue.
func TestPathfinderErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	wall := make([]int32, 6)
	res := [2][]int32{make([]int32, 3), make([]int32, 3)}
	for name, call := range map[string]func() error{
		"nil device":  func() error { _, err := rodinia.Pathfinder(nil, wall, 2, 3, 1, res); return err },
		"wall":        func() error { _, err := rodinia.Pathfinder(dev, wall, 3, 3, 1, res); return err },
		"result":      func() error { _, err := rodinia.Pathfinder(dev, wall, 3, 2, 1, res); return err },
		"pyramid 0":   func() error { _, err := rodinia.Pathfinder(dev, wall, 2, 3, 0, res); return err },
		"pyramid 128": func() error { _, err := rodinia.Pathfinder(dev, wall, 2, 3, 128, res); return err },
	} {
		require.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
}
