package kernels_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// saxpyInts returns n random integers in [-lim, lim] as T. Small integer
// values keep every product and sum of the element-wise kernels exact, so
// they compare equal to the host's whatever the evaluation order or
// fusing.
func saxpyInts[T kernels.Number](r *rand.Rand, n, lim int) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = T(r.IntN(2*lim+1) - lim)
	}
	return s
}

// saxpyLaunchers are the SAXPY launchers under test, by name.
var saxpyLaunchers = map[string]func(*gocuda.Device, float32, []float32, []float32) error{
	"perElement": kernels.SAXPY,
	"gridStride": kernels.SAXPYGridStride,
	"coarsened":  kernels.SAXPYCoarsened,
}

func TestSAXPY(t *testing.T) {
	dev := newDevice(t)
	for name, launch := range saxpyLaunchers {
		t.Run(name, func(t *testing.T) {
			for _, n := range testSizes {
				r := rand.New(rand.NewPCG(uint64(n), 1))
				x, y := saxpyInts[float32](r, n, 1000), saxpyInts[float32](r, n, 1000)
				a := float32(r.IntN(7) - 3)
				want := slices.Clone(y)
				for i := range want {
					want[i] += a * x[i]
				}
				require.NoError(t, launch(dev, a, x, y))
				saxpyCompare(t, n, y, want)
			}
		})
	}
}

// vecAddLaunchers returns the VecAdd launchers for element type T, by name.
func vecAddLaunchers[T kernels.Number]() map[string]func(*gocuda.Device, []T, []T, []T) error {
	return map[string]func(*gocuda.Device, []T, []T, []T) error{
		"perElement": kernels.VecAdd[T],
		"gridStride": kernels.VecAddGridStride[T],
		"coarsened":  kernels.VecAddCoarsened[T],
	}
}

// checkVecAdd checks every VecAdd launcher at every test size for T.
func checkVecAdd[T kernels.Number](t *testing.T, dev *gocuda.Device) {
	for name, launch := range vecAddLaunchers[T]() {
		t.Run(name, func(t *testing.T) {
			for _, n := range testSizes {
				r := rand.New(rand.NewPCG(uint64(n), 2))
				a, b := saxpyInts[T](r, n, 1<<20), saxpyInts[T](r, n, 1<<20)
				c := make([]T, n)
				for i := range c {
					c[i] = 99 // garbage: an element never written shows
				}
				want := make([]T, n)
				for i := range want {
					want[i] = a[i] + b[i]
				}
				require.NoError(t, launch(dev, a, b, c))
				saxpyCompare(t, n, c, want)
			}
		})
	}
}

func TestVecAdd(t *testing.T) {
	dev := newDevice(t)
	t.Run("float32", func(t *testing.T) { checkVecAdd[float32](t, dev) })
	t.Run("int64", func(t *testing.T) { checkVecAdd[int64](t, dev) })
	t.Run("uint32", func(t *testing.T) { checkVecAdd[uint32](t, dev) }) // negative inputs wrap
}

// saxpyCompare fails t at the first element where got differs from want.
func saxpyCompare[T comparable](t *testing.T, n int, got, want []T) {
	t.Helper()
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("n=%d: element %d = %v, want %v", n, i, got[i], want[i])
		}
	}
}

func TestSAXPYKernelOwnConfig(t *testing.T) {
	// The kernels take any grid: odd block sizes, more threads than
	// elements, a grid-stride grid far smaller than the data.
	dev := newDevice(t)
	const n = 5000
	r := rand.New(rand.NewPCG(3, 3))
	x := saxpyInts[float32](r, n, 100)
	for _, cfg := range []gocuda.Config{
		{Grid: gocuda.Dim3{X: 50}, Block: gocuda.Dim3{X: 101}},
		{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 7}},
		{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 1}},
	} {
		for name, kernel := range map[string]func(float32, []float32, []float32) func(*gocuda.Thread){
			"gridStride": kernels.SAXPYGridStrideKernel,
			"coarsened":  kernels.SAXPYCoarsenedKernel,
		} {
			y := make([]float32, n)
			require.NoError(t, dev.Launch(cfg, kernel(2, x, y)), "%s %v", name, cfg.Grid)
			for i := range y {
				require.Equal(t, 2*x[i], y[i], "%s grid %v block %v element %d", name, cfg.Grid, cfg.Block, i)
			}
		}
	}
}

func TestSAXPYErrors(t *testing.T) {
	dev := newDevice(t)
	x, y := make([]float32, 3), make([]float32, 4)
	for name, launch := range saxpyLaunchers {
		assert.ErrorIs(t, launch(dev, 1, x, y), gocuda.ErrInvalidValue, name)
		assert.ErrorIs(t, launch(nil, 1, x, x), gocuda.ErrInvalidValue, name)
	}
	for name, launch := range vecAddLaunchers[int32]() {
		a := make([]int32, 3)
		assert.ErrorIs(t, launch(dev, a, a, make([]int32, 2)), gocuda.ErrInvalidValue, name)
		assert.ErrorIs(t, launch(dev, make([]int32, 2), a, a), gocuda.ErrInvalidValue, name)
		assert.ErrorIs(t, launch(nil, a, a, a), gocuda.ErrInvalidValue, name)
	}
}
