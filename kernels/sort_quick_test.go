package kernels_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// TestQuickSort checks QuickSort against slices.Sort on every pattern
// (random, few distinct, sorted, reversed, all equal) at every test size,
// the patterns sorting at once on one device: concurrent trees of nested
// launches.
func TestQuickSort(t *testing.T) {
	dev := newDevice(t)
	checkSorted(t, 1<<30, func(k []uint32) error { return kernels.QuickSort(dev, k) })
}

// TestQuickSortSigned sorts signed and floating-point keys, around the
// selection sort's threshold and past it, on one worker, so that every
// launch nests while that worker is busy.
func TestQuickSortSigned(t *testing.T) {
	dev, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	require.NoError(t, err)
	defer func() { assert.NoError(t, dev.Close()) }()
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{2, 5, kernels.QuickSortSelectionMax, kernels.QuickSortSelectionMax + 1, 1000, 4097} {
		f := make([]float64, n)
		d := make([]int32, n)
		for i := range n {
			f[i] = r.NormFloat64()
			d[i] = r.Int32() - r.Int32()
		}
		f[0] = math.Inf(-1)
		wf, wd := slices.Clone(f), slices.Clone(d)
		slices.Sort(wf)
		slices.Sort(wd)
		require.NoError(t, kernels.QuickSort(dev, f))
		require.NoError(t, kernels.QuickSort(dev, d))
		assert.Equal(t, wf, f, "n=%d", n)
		assert.Equal(t, wd, d, "n=%d", n)
	}
}

// TestQuickSortDepthLimit: keys that make every partition lopsided reach
// QuickSortMaxDepth, where the rest is selection sorted, and still come out
// sorted.
func TestQuickSortDepthLimit(t *testing.T) {
	dev := newDevice(t)
	// Each middle key is the range's largest: every partition peels off
	// one or two keys.
	const n = 2000
	keys := make([]int64, n)
	for i := range keys {
		keys[i] = int64(i % 7)
	}
	keys[(n-1)/2] = 100
	want := slices.Clone(keys)
	slices.Sort(want)
	require.NoError(t, kernels.QuickSort(dev, keys))
	assert.Equal(t, want, keys)
}

// TestQuickSortKernelFailure: a child grid's failure fails the sort, with
// the child's error.
func TestQuickSortKernelFailure(t *testing.T) {
	dev := newDevice(t)
	keys := make([]uint32, 100)
	for i := range keys {
		keys[i] = uint32(len(keys) - i)
	}
	// A depth past the limit selection sorts at once: no failure.
	require.NoError(t, dev.Launch(gocuda.Config{}, kernels.QuickSortKernel(dev, keys[:50], kernels.QuickSortMaxDepth)))
	assert.True(t, slices.IsSorted(keys[:50]))
	// A closed device fails the first child launch.
	other, err := gocuda.NewDevice(gocuda.WithWorkers(1))
	require.NoError(t, err)
	require.NoError(t, other.Close())
	err = dev.Launch(gocuda.Config{}, kernels.QuickSortKernel(other, keys, 0))
	assert.ErrorIs(t, err, gocuda.ErrContextIsDestroyed)
	assert.ErrorIs(t, kernels.QuickSort(nil, keys), gocuda.ErrInvalidValue)
}
