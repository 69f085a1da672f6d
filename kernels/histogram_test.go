package kernels_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// histogramRef counts the byte values of data on the host.
func histogramRef(data []byte) []uint32 {
	bins := make([]uint32, kernels.HistogramBins)
	for _, b := range data {
		bins[b]++
	}
	return bins
}

// histogramInputs returns n random bytes spread over every value, and n
// bytes nearly all equal (every thread hammering one shared bin).
func histogramInputs(n int, seed uint64) (spread, skewed []byte) {
	r := rand.New(rand.NewPCG(seed, 5))
	spread, skewed = make([]byte, n), make([]byte, n)
	for i := range n {
		spread[i] = byte(r.Uint32())
		skewed[i] = 200
		if r.IntN(100) == 0 {
			skewed[i] = byte(r.IntN(3))
		}
	}
	return spread, skewed
}

func TestHistogram(t *testing.T) {
	dev := newDevice(t)
	bins := make([]uint32, kernels.HistogramBins)
	for _, n := range testSizes {
		spread, skewed := histogramInputs(n, uint64(n))
		for _, data := range [][]byte{spread, skewed} {
			for i := range bins {
				bins[i] = 12345 // stale counts: Histogram must clear them
			}
			require.NoError(t, kernels.Histogram(dev, data, bins))
			require.Equal(t, histogramRef(data), bins, "n=%d", n)
		}
	}
}

// TestHistogramKernelOwnConfig launches the kernel directly on grids
// smaller and larger than the launcher's, with a block smaller than the
// bins (each thread clears and merges several) and one not a power of two.
func TestHistogramKernelOwnConfig(t *testing.T) {
	dev := newDevice(t)
	spread, _ := histogramInputs(10007, 9)
	want := histogramRef(spread)
	for _, cfg := range []gocuda.Config{
		{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}},
		{Grid: gocuda.Dim3{X: 100}, Block: gocuda.Dim3{X: 100}},
		{Grid: gocuda.Dim3{X: 7}, Block: gocuda.Dim3{X: 1024}},
	} {
		bins := make([]uint32, kernels.HistogramBins)
		require.NoError(t, dev.Launch(cfg, kernels.HistogramKernel(spread, bins)))
		require.Equal(t, want, bins, "grid %v block %v", cfg.Grid, cfg.Block)
	}
}

func TestHistogramErrors(t *testing.T) {
	dev := newDevice(t)
	data := []byte{1, 2, 3}
	assert.ErrorIs(t, kernels.Histogram(dev, data, make([]uint32, 255)), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, kernels.Histogram(dev, data, nil), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, kernels.Histogram(nil, data, make([]uint32, kernels.HistogramBins)), gocuda.ErrInvalidValue)
}
