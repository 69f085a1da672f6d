package kernels_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// checkReverse runs launch over random values of type T at every test
// size and compares with the host's reversal. out starts as garbage, so an
// element never written shows.
func checkReverse[T any](t *testing.T, dev *gocuda.Device, launch func(*gocuda.Device, []T, []T) error, value func(*rand.Rand) T) {
	t.Helper()
	for _, n := range testSizes {
		r := rand.New(rand.NewPCG(uint64(n), 11))
		in, out := make([]T, n), make([]T, n)
		for i := range in {
			in[i], out[i] = value(r), value(r)
		}
		require.NoError(t, launch(dev, in, out))
		for i := range in {
			if !assert.Equal(t, in[n-1-i], out[i], "n=%d: out[%d]", n, i) {
				return
			}
		}
	}
}

func TestReverse(t *testing.T) {
	dev := newDevice(t)
	randInt32 := func(r *rand.Rand) int32 { return int32(r.Uint32()) }
	randFloat64 := func(r *rand.Rand) float64 { return r.NormFloat64() }
	t.Run("naive/int32", func(t *testing.T) { checkReverse(t, dev, kernels.ReverseNaive[int32], randInt32) })
	t.Run("naive/float64", func(t *testing.T) { checkReverse(t, dev, kernels.ReverseNaive[float64], randFloat64) })
	t.Run("shared/int32", func(t *testing.T) { checkReverse(t, dev, kernels.ReverseShared[int32], randInt32) })
	t.Run("shared/float64", func(t *testing.T) { checkReverse(t, dev, kernels.ReverseShared[float64], randFloat64) })
}

// TestReverseSharedKernelOwnConfig launches the shared-memory kernel with
// block sizes that do not divide the length, and with more blocks than
// needed.
func TestReverseSharedKernelOwnConfig(t *testing.T) {
	dev := newDevice(t)
	const n = 1000
	in := make([]string, n) // any element type works, pointers included
	for i := range in {
		in[i] = string(rune('a' + i%26))
	}
	for _, cfg := range []gocuda.Config{
		{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 128}},
		{Grid: gocuda.Dim3{X: 34}, Block: gocuda.Dim3{X: 30}},
		{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: 1000}},
	} {
		out := make([]string, n)
		require.NoError(t, dev.Launch(cfg, kernels.ReverseSharedKernel(in, out)))
		for i := range in {
			require.Equal(t, in[n-1-i], out[i], "block %v: out[%d]", cfg.Block, i)
		}
	}
}

func TestReverseErrors(t *testing.T) {
	dev := newDevice(t)
	in := make([]int32, 5)
	for name, launch := range map[string]func(*gocuda.Device, []int32, []int32) error{
		"naive":  kernels.ReverseNaive[int32],
		"shared": kernels.ReverseShared[int32],
	} {
		assert.ErrorIs(t, launch(dev, in, make([]int32, 4)), gocuda.ErrInvalidValue, name)
		assert.ErrorIs(t, launch(nil, in, make([]int32, 5)), gocuda.ErrInvalidValue, name)
	}
}
