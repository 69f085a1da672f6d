package kernels_test

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// sortPatterns are the inputs every sort is checked on (see sortKeys).
var sortPatterns = []string{"random", "duplicates", "sorted", "reverse", "equal"}

// sortKeys returns n keys of the named pattern.
func sortKeys(pattern string, r *rand.Rand, n int) []uint32 {
	s := make([]uint32, n)
	for i := range s {
		switch pattern {
		case "random":
			s[i] = r.Uint32()
		case "duplicates": // 13 distinct keys, differing in a high digit only
			s[i] = r.Uint32N(13) << 20
		case "sorted":
			s[i] = uint32(3 * i)
		case "reverse":
			s[i] = uint32(1<<31 - i)
		case "equal":
			s[i] = 0xdeadbeef
		}
	}
	return s
}

// checkSorted runs sort over every pattern at every size up to max and
// compares the result with slices.Sort's. The patterns run concurrently,
// so that single-block sorts keep both workers busy.
func checkSorted(t *testing.T, max int, sort func(keys []uint32) error) {
	t.Helper()
	var wg sync.WaitGroup
	for k, p := range sortPatterns {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(k), 2))
			for _, n := range testSizes {
				if n <= max && !checkSortedOne(t, p, sortKeys(p, r, n), sort) {
					return
				}
			}
		})
	}
	wg.Wait()
}

// checkSortedOne sorts keys and reports whether they came out as
// slices.Sort leaves them.
func checkSortedOne(t *testing.T, name string, keys []uint32, sort func(keys []uint32) error) bool {
	want := slices.Clone(keys)
	slices.Sort(want)
	if err := sort(keys); err != nil {
		t.Errorf("%s n=%d: %v", name, len(keys), err)
		return false
	}
	for i := range want {
		if keys[i] != want[i] {
			t.Errorf("%s n=%d: keys[%d] = %#x, want %#x", name, len(keys), i, keys[i], want[i])
			return false
		}
	}
	return true
}

func TestBlockRadixSort(t *testing.T) {
	dev := newDevice(t)
	checkSorted(t, kernels.BlockRadixSortMax, func(k []uint32) error { return kernels.BlockRadixSort(dev, k) })
	err := kernels.BlockRadixSort(dev, make([]uint32, kernels.BlockRadixSortMax+1))
	assert.ErrorIs(t, err, gocuda.ErrInvalidValue)
}

// TestBlockRadixSortKernelSegments sorts several blocks' segments in one
// launch, the last one partial.
func TestBlockRadixSortKernelSegments(t *testing.T) {
	dev := newDevice(t)
	r := rand.New(rand.NewPCG(3, 4))
	keys := sortKeys("random", r, 3*64+5)
	want := slices.Clone(keys)
	for lo := 0; lo < len(want); lo += 64 {
		slices.Sort(want[lo:min(lo+64, len(want))])
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}
	require.NoError(t, dev.Launch(cfg, kernels.BlockRadixSortKernel(keys)))
	assert.Equal(t, want, keys)
}

func TestRadixSort(t *testing.T) {
	dev := newDevice(t)
	checkSorted(t, 1<<30, func(k []uint32) error { return kernels.RadixSort(dev, k) })
}

// TestRadixSortPairsStable carries each key's original index as its value:
// equal keys must keep their order.
func TestRadixSortPairsStable(t *testing.T) {
	dev := newDevice(t)
	r := rand.New(rand.NewPCG(5, 6))
	for _, p := range sortPatterns {
		for _, n := range []int{1000, 1<<16 + 3} {
			keys := sortKeys(p, r, n)
			orig := slices.Clone(keys)
			vals := make([]int, n)
			for i := range vals {
				vals[i] = i
			}
			require.NoError(t, kernels.RadixSortPairs(dev, keys, vals))
			for i := range n {
				switch {
				case orig[vals[i]] != keys[i]:
					t.Fatalf("%s n=%d: value %d moved without its key", p, n, i)
				case i > 0 && keys[i-1] > keys[i]:
					t.Fatalf("%s n=%d: unsorted at %d", p, n, i)
				case i > 0 && keys[i-1] == keys[i] && vals[i-1] > vals[i]:
					t.Fatalf("%s n=%d: equal keys reordered at %d", p, n, i)
				}
			}
		}
	}
}

func TestBitonicSort(t *testing.T) {
	dev := newDevice(t)
	checkSorted(t, 1<<30, func(k []uint32) error { return kernels.BitonicSort(dev, k) })
}

// TestBitonicSortSigned sorts signed and floating-point keys, whose order
// is not their bits'.
func TestBitonicSortSigned(t *testing.T) {
	dev := newDevice(t)
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{257, 4097} {
		f := make([]float32, n)
		d := make([]int64, n)
		for i := range n {
			f[i] = float32(r.NormFloat64())
			d[i] = r.Int64() - r.Int64()
		}
		wf, wd := slices.Clone(f), slices.Clone(d)
		slices.Sort(wf)
		slices.Sort(wd)
		require.NoError(t, kernels.BitonicSort(dev, f))
		require.NoError(t, kernels.BitonicSort(dev, d))
		assert.Equal(t, wf, f, "n=%d", n)
		assert.Equal(t, wd, d, "n=%d", n)
	}
}

func TestSortErrors(t *testing.T) {
	dev := newDevice(t)
	keys := []uint32{3, 1, 2}
	assert.ErrorIs(t, kernels.RadixSortPairs(dev, keys, []int{1}), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, kernels.RadixSort(nil, keys), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, kernels.BlockRadixSort(nil, keys), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, kernels.BitonicSort(nil, keys), gocuda.ErrInvalidValue)
	assert.Equal(t, []uint32{3, 1, 2}, keys, "a failed call must not touch the keys")
}
