package kernels_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// reduceRef is the sequential host reference sum.
func reduceRef[T kernels.Number](in []T) T {
	var s T
	for _, v := range in {
		s += v
	}
	return s
}

// reduceInputs returns n random values of each tested kind: full-range
// int32s and uint64s (wrapping sums are exact in any order), integer-valued
// float32s small enough that every partial sum is exact, and float64s in
// [-1, 1), whose sums round.
func reduceInputs(n int, seed uint64) ([]int32, []uint64, []float32, []float64) {
	r := rand.New(rand.NewPCG(seed, 7))
	a, b, c, d := make([]int32, n), make([]uint64, n), make([]float32, n), make([]float64, n)
	for i := range n {
		a[i] = int32(r.Uint32())
		b[i] = r.Uint64()
		c[i] = float32(r.IntN(9) - 4)
		d[i] = 2*r.Float64() - 1
	}
	return a, b, c, d
}

// checkReduceExact runs variant v over in and requires the exact sum.
func checkReduceExact[T kernels.Number](t *testing.T, dev *gocuda.Device, v kernels.ReduceVariant, in []T) {
	t.Helper()
	got, err := kernels.Reduce(dev, v, in)
	require.NoError(t, err)
	if want := reduceRef(in); got != want {
		t.Fatalf("%v %T n=%d: sum = %v, want %v", v, got, len(in), got, want)
	}
}

// checkReduceFloat runs variant v over in and requires the sum within a
// rounding tolerance relative to the sum of the magnitudes.
func checkReduceFloat(t *testing.T, dev *gocuda.Device, v kernels.ReduceVariant, in []float64) {
	t.Helper()
	got, err := kernels.Reduce(dev, v, in)
	require.NoError(t, err)
	var abs float64
	for _, x := range in {
		abs += math.Abs(x)
	}
	if want := reduceRef(in); math.Abs(got-want) > 1e-10*abs {
		t.Fatalf("%v float64 n=%d: sum = %v, want %v (tolerance %g)", v, len(in), got, want, 1e-10*abs)
	}
}

func TestReduceVariants(t *testing.T) {
	dev := newDevice(t)
	for _, v := range kernels.ReduceVariants() {
		t.Run(v.String(), func(t *testing.T) {
			for _, n := range testSizes {
				a, b, c, d := reduceInputs(n, uint64(n))
				checkReduceExact(t, dev, v, a)
				checkReduceExact(t, dev, v, b)
				checkReduceExact(t, dev, v, c)
				checkReduceFloat(t, dev, v, d)
			}
		})
	}
}

// TestReduceGridStrideLarge checks the grid-stride variants where every
// thread's loop takes several steps.
func TestReduceGridStrideLarge(t *testing.T) {
	dev := newDevice(t)
	a, _, c, _ := reduceInputs(3<<20+11, 1)
	for _, v := range []kernels.ReduceVariant{kernels.ReduceGridStride, kernels.ReduceCoarsened} {
		checkReduceExact(t, dev, v, a)
		checkReduceExact(t, dev, v, c)
	}
	// One block of two warps: each thread's loop takes a dozen runs, the
	// last one cut short by the end of the data.
	for _, k := range reducePartialKernels {
		if k.elements == 0 {
			partial := make([]int32, 1)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}
			require.NoError(t, dev.Launch(cfg, k.kernel(a, partial)), k.name)
			assert.Equal(t, reduceRef(a), partial[0], k.name)
		}
	}
}

// reducePartialKernels are the kernels that write one sum per block, with
// the elements each thread covers at least (per block they cover
// elements × block size; the grid-stride ones take any grid).
var reducePartialKernels = []struct {
	name     string
	kernel   func(in, partial []int32) func(*gocuda.Thread)
	elements int // elements per thread; 0 for the grid-stride kernels
}{
	{"interleaved", kernels.ReduceInterleavedKernel[int32], 1},
	{"stridedIndex", kernels.ReduceStridedIndexKernel[int32], 1},
	{"sequential", kernels.ReduceSequentialKernel[int32], 1},
	{"firstAdd", kernels.ReduceFirstAddKernel[int32], 2},
	{"unrolledWarp", kernels.ReduceUnrolledWarpKernel[int32], 2},
	{"warpShuffle", kernels.ReduceWarpShuffleKernel[int32], 2},
	{"gridStride", kernels.ReduceGridStrideKernel[int32], 0},
	{"coarsened", kernels.ReduceCoarsenedKernel[int32], 0},
}

// TestReduceKernelsOwnConfig launches each kernel directly with block
// sizes other than the launcher's, adding the partial sums on the host.
func TestReduceKernelsOwnConfig(t *testing.T) {
	dev := newDevice(t)
	in, _, _, _ := reduceInputs(3001, 2)
	want := reduceRef(in)
	for _, k := range reducePartialKernels {
		for _, block := range []int{64, 1024} {
			blocks := 3 // a grid-stride grid smaller than the data
			if k.elements > 0 {
				blocks = (len(in) + k.elements*block - 1) / (k.elements * block)
			}
			partial := make([]int32, blocks)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
			require.NoError(t, dev.Launch(cfg, k.kernel(in, partial)), "%s block %d", k.name, block)
			assert.Equal(t, want, reduceRef(partial), "%s block %d", k.name, block)
		}
	}
	var sum int32 = 5 // the atomic kernel adds to what the result holds
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 47}, Block: gocuda.Dim3{X: 64}}
	require.NoError(t, dev.Launch(cfg, kernels.ReduceAtomicKernel(in, &sum)))
	assert.Equal(t, want+5, sum)
}

func TestReduceErrors(t *testing.T) {
	dev := newDevice(t)
	in := []float32{1, 2, 3}
	_, err := kernels.Reduce(nil, kernels.ReduceCoarsened, in)
	assert.ErrorIs(t, err, gocuda.ErrInvalidValue)
	for _, v := range []kernels.ReduceVariant{-1, kernels.ReduceVariant(len(kernels.ReduceVariants()))} {
		_, err := kernels.Reduce(dev, v, in)
		assert.ErrorIs(t, err, gocuda.ErrInvalidValue, "variant %d", int(v))
	}
}

func TestReduceVariantNames(t *testing.T) {
	seen := map[string]bool{}
	for i, v := range kernels.ReduceVariants() {
		assert.Equal(t, kernels.ReduceVariant(i), v)
		assert.False(t, seen[v.String()], "duplicate name %q", v)
		seen[v.String()] = true
	}
	assert.Len(t, seen, 9)
	assert.Equal(t, "ReduceVariant(99)", fmt.Sprint(kernels.ReduceVariant(99)))
	assert.Equal(t, "coarsened", kernels.ReduceCoarsened.String())
}
