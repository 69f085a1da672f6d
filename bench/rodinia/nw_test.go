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

// nwPenalty is the gap penalty of Rodinia's run script (needle 2048 10).
const nwPenalty = 10

// TestNW: NW on both paths, and NWParallel, fill the score matrix as
// NWSerial does, exactly, for sequences of one tile to many, including
// lengths that are not multiples of NWParallel's 64×64 tiles. NW takes
// multiples of 16 only, as Rodinia's needle does (TestNWErrors).
func TestNW(t *testing.T) {
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, n := range []int{16, 32, 48, 64, 160, 400} {
			t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
				ref, m0 := rodinia.NWInput(n, nwPenalty, seed)
				want := slices.Clone(m0)
				rodinia.NWSerial(ref, want, n, nwPenalty)

				got := slices.Clone(m0)
				require.NoError(t, rodinia.NW(dev, ref, got, n, nwPenalty))
				require.NoError(t, gocudatest.Equal(got, want), "NW")

				par := slices.Clone(m0)
				rodinia.NWParallel(ref, par, n, nwPenalty)
				require.NoError(t, gocudatest.Equal(par, want), "NWParallel")
			})
		}
	})
}

// TestNWSerial: NWSerial's recurrence on a matrix worked by hand.
func TestNWSerial(t *testing.T) {
	n := 16
	cols := n + 1
	ref := make([]int32, cols*cols)
	m := make([]int32, cols*cols)
	for i := 1; i < cols; i++ {
		m[i*cols], m[i] = -int32(i)*nwPenalty, -int32(i)*nwPenalty
		ref[i*cols+i] = 5 // a match on the diagonal, nothing elsewhere
	}
	rodinia.NWSerial(ref, m, n, nwPenalty)
	// Matching along the diagonal scores 5 a step; every other cell is
	// reached best from the diagonal with gaps.
	require.Equal(t, int32(5*n), m[n*cols+n])
	require.Equal(t, int32(5*(n-1)-nwPenalty), m[n*cols+n-1])
}

// TestNWErrors: bad arguments are errors matching gocuda.ErrInvalidValue.
func TestNWErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	ref, m := rodinia.NWInput(16, nwPenalty, seed)
	odd := make([]int32, 18*18)
	for name, call := range map[string]func() error{
		"nil device":   func() error { return rodinia.NW(nil, ref, m, 16, nwPenalty) },
		"not a tile":   func() error { return rodinia.NW(dev, odd, odd, 17, nwPenalty) },
		"zero":         func() error { return rodinia.NW(dev, ref[:1], m[:1], 0, nwPenalty) },
		"short matrix": func() error { return rodinia.NW(dev, ref, m[:100], 16, nwPenalty) },
	} {
		require.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
}
