package rodinia_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// ludTol is the relative tolerance of LUD's comparisons with LUDSerial.
// Every element gets the same operations in the same order in the kernels
// and the reference, and the results are equal bit for bit on amd64; the
// tolerance allows only for FMA fusion, as gaussianTol does, whose effect
// the decomposition carries on to later blocks.
const ludTol = 1e-5

// ludVerifyTol bounds |L·U - A| relative to A's largest element, L·U
// computed in float64 from the float32 factors: about 30 times what
// rounding in float32 leaves at these sizes (4e-7 on Rodinia's matrix;
// lud_verify of common.c allows 1e-4 absolute on its elements of 10).
const ludVerifyTol = 1e-5

// TestLUD: LUD on both paths, and LUDParallel, decompose as LUDSerial does
// for one block (only lud_diagonal) to several (every kernel, trailing
// submatrices of one block and more), on Rodinia's matrix and a random one,
// and L·U gives the matrix back.
func TestLUD(t *testing.T) {
	sizes := []int{16, 32, 48, 64, 128}
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, n := range sizes {
			for name, a0 := range map[string][]float32{"rodinia": rodinia.LUDInput(n), "random": ludRandom(n)} {
				t.Run(fmt.Sprintf("%s/n=%d", name, n), func(t *testing.T) {
					want := slices.Clone(a0)
					rodinia.LUDSerial(want, n)

					got := slices.Clone(a0)
					require.NoError(t, rodinia.LUD(dev, got, n))
					require.NoError(t, gocudatest.Close(got, want, ludTol), "LUD")

					par := slices.Clone(a0)
					rodinia.LUDParallel(par, n)
					require.NoError(t, gocudatest.Equal(par, want), "LUDParallel")

					requireLUIs(t, want, a0, n)
				})
			}
		}
	})
}

// TestLUDOneBlock: on a single block, LUD's order of operations is that of
// Rodinia's plain lud_base (lud/base/lud_base.c), so the two agree bit for
// bit.
func TestLUDOneBlock(t *testing.T) {
	n := rodinia.LUDBlock
	for _, a0 := range [][]float32{rodinia.LUDInput(n), ludRandom(n)} {
		want := slices.Clone(a0)
		ludBase(want, n)
		got := slices.Clone(a0)
		rodinia.LUDSerial(got, n)
		require.NoError(t, gocudatest.Equal(got, want))
	}
}

// TestLUDErrors: bad arguments are errors matching gocuda.ErrInvalidValue.
func TestLUDErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	m := make([]float32, 32*32)
	for name, call := range map[string]func() error{
		"nil device":  func() error { return rodinia.LUD(nil, m, 32) },
		"zero":        func() error { return rodinia.LUD(dev, m[:0], 0) },
		"not a block": func() error { return rodinia.LUD(dev, m[:24*24], 24) },
		"short":       func() error { return rodinia.LUD(dev, m[:100], 32) },
	} {
		require.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
	require.Panics(t, func() { rodinia.LUDSerial(m[:100], 32) })
}

// requireLUIs requires the unit lower triangle and the upper triangle of lu
// to multiply back to a, as lud_verify of Rodinia's common.c checks.
func requireLUIs(t *testing.T, lu, a []float32, n int) {
	t.Helper()
	scale := 0.0
	for _, v := range a {
		scale = max(scale, math.Abs(float64(v)))
	}
	for i := range n {
		for j := range n {
			var s float64
			for k := 0; k <= min(i, j); k++ {
				l := 1.0
				if k != i {
					l = float64(lu[i*n+k])
				}
				s += l * float64(lu[k*n+j])
			}
			require.InDelta(t, float64(a[i*n+j]), s, ludVerifyTol*scale, "(L·U)[%d][%d]", i, j)
		}
	}
}

// ludBase is lud_base of Rodinia's lud/base/lud_base.c, the unblocked
// decomposition, row i of U then column i of L.
func ludBase(a []float32, size int) {
	for i := range size {
		for j := i; j < size; j++ {
			sum := a[i*size+j]
			for k := range i {
				sum -= a[i*size+k] * a[k*size+j]
			}
			a[i*size+j] = sum
		}
		for j := i + 1; j < size; j++ {
			sum := a[j*size+i]
			for k := range i {
				sum -= a[j*size+k] * a[k*size+i]
			}
			a[j*size+i] = sum / a[i*size+i]
		}
	}
}

// ludRandom returns a random n×n matrix that is diagonally dominant, so
// that decomposing it without pivoting is stable.
func ludRandom(n int) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	a := make([]float32, n*n)
	for i := range a {
		a[i] = r.Float32()*2 - 1
	}
	for i := range n {
		a[i*n+i] += float32(n)
	}
	return a
}
