package kernels_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// scanRef is the sequential host reference scan.
func scanRef[T kernels.Number](in []T, inclusive bool) []T {
	out := make([]T, len(in))
	var s T
	for i, x := range in {
		if !inclusive {
			out[i] = s
		}
		s += x
		if inclusive {
			out[i] = s
		}
	}
	return out
}

// scanInputs returns n random int32s (full range: wrapping sums are exact
// in any order), integer-valued float32s small enough that every partial
// sum is exact, and full-range uint64s.
func scanInputs(n int, seed uint64) ([]int32, []float32, []uint64) {
	r := rand.New(rand.NewPCG(seed, 42))
	a, b, c := make([]int32, n), make([]float32, n), make([]uint64, n)
	for i := range n {
		a[i] = int32(r.Uint32())
		b[i] = float32(r.IntN(9) - 4)
		c[i] = r.Uint64()
	}
	return a, b, c
}

// checkScan runs variant v over in and compares out with scanRef. out
// starts as garbage, so an element the scan never writes shows.
func checkScan[T kernels.Number](t *testing.T, dev *gocuda.Device, v kernels.ScanVariant, in []T, inclusive bool) {
	t.Helper()
	out := make([]T, len(in))
	for i := range out {
		out[i] = 77
	}
	require.NoError(t, kernels.Scan(dev, v, in, out, inclusive))
	want := scanRef(in, inclusive)
	for i := range want {
		if out[i] != want[i] {
			t.Fatalf("%v %T n=%d inclusive=%v: out[%d] = %v, want %v", v, in[0], len(in), inclusive, i, out[i], want[i])
		}
	}
}

func TestScanVariants(t *testing.T) {
	dev := newDevice(t)
	for _, v := range kernels.ScanVariants() {
		t.Run(v.String(), func(t *testing.T) {
			for _, n := range testSizes {
				a, b, c := scanInputs(n, uint64(n))
				for _, inclusive := range []bool{true, false} {
					checkScan(t, dev, v, a, inclusive)
					checkScan(t, dev, v, b, inclusive)
					checkScan(t, dev, v, c, inclusive)
				}
			}
		})
	}
}

// TestScanCoarsenedLarge checks the fast variant over a few million
// elements: many tiles, so the look-back crosses workers.
func TestScanCoarsenedLarge(t *testing.T) {
	dev := newDevice(t)
	const n = 3<<20 + 5
	a, b, _ := scanInputs(n, 7)
	for _, inclusive := range []bool{true, false} {
		checkScan(t, dev, kernels.ScanCoarsened, a, inclusive)
		checkScan(t, dev, kernels.ScanCoarsened, b, inclusive)
	}
}

func TestScanInPlace(t *testing.T) {
	dev := newDevice(t)
	for _, v := range kernels.ScanVariants() {
		for _, inclusive := range []bool{true, false} {
			a, _, _ := scanInputs(4097, 3)
			want := scanRef(a, inclusive)
			require.NoError(t, kernels.Scan(dev, v, a, a, inclusive))
			assert.Equal(t, want, a, "%v inclusive=%v", v, inclusive)
		}
	}
}

func TestScanOtherTypes(t *testing.T) {
	dev := newDevice(t)
	type count int64 // a type defined on a Number
	in := []count{3, -1, 4, 1, -5, 9, 2, 6}
	out := make([]count, len(in))
	require.NoError(t, kernels.InclusiveScan(dev, in, out))
	assert.Equal(t, []count{3, 2, 6, 7, 2, 11, 13, 19}, out)
	f := []float64{0.5, 0.25, 0.125}
	require.NoError(t, kernels.ExclusiveScan(dev, f, f))
	assert.Equal(t, []float64{0, 0.5, 0.75}, f)
}

func TestScanErrors(t *testing.T) {
	dev := newDevice(t)
	in, short := make([]int32, 10), make([]int32, 9)
	for _, v := range kernels.ScanVariants() {
		assert.ErrorIs(t, kernels.Scan(dev, v, in, short, true), gocuda.ErrInvalidValue, "%v", v)
		assert.ErrorIs(t, kernels.Scan(nil, v, in, in, true), gocuda.ErrInvalidValue, "%v", v)
	}
	assert.ErrorIs(t, kernels.Scan(dev, kernels.ScanVariant(99), in, in, true), gocuda.ErrInvalidValue)
	assert.ErrorIs(t, kernels.ExclusiveScan(dev, short, in), gocuda.ErrInvalidValue)
	assert.Equal(t, "ScanVariant(99)", kernels.ScanVariant(99).String())
	assert.Equal(t, "coarsened", kernels.ScanCoarsened.String())
}

// TestBlellochScanKernelBlockSize checks that the kernel refuses a block
// that is not a power of two rather than scanning wrongly.
func TestBlellochScanKernelBlockSize(t *testing.T) {
	dev := newDevice(t)
	in := make([]int32, 96)
	cfg := gocuda.Config{Block: gocuda.Dim3{X: 48}}
	err := dev.Launch(cfg, kernels.BlellochScanKernel(in, in, nil, true))
	assert.ErrorIs(t, err, gocuda.ErrInvalidValue)
}

// TestLookbackKernelOwnConfig launches the look-back kernels with shapes
// of the caller's choosing, as a CUDA program would.
func TestLookbackKernelOwnConfig(t *testing.T) {
	dev := newDevice(t)
	a, _, _ := scanInputs(10000, 5)
	want := scanRef(a, true)
	for _, shape := range [][2]int{{64, 1}, {96, 1}, {32, 7}, {8, 100}, {1, 1000}} {
		threads, items := shape[0], shape[1]
		tiles := (len(a) + threads*items - 1) / (threads * items)
		status := make([]kernels.ScanTileState[int32], tiles)
		var ticket uint32
		out := make([]int32, len(a))
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: tiles}, Block: gocuda.Dim3{X: threads}}
		k := kernels.CoarsenedScanKernel(a, out, status, &ticket, true, items)
		if items == 1 {
			k = kernels.LookbackScanKernel(a, out, status, &ticket, true)
		}
		require.NoError(t, dev.Launch(cfg, k))
		assert.Equal(t, want, out, fmt.Sprint(shape))
	}
}
