package kernels_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// diffSizes are the sizes of the differential suite: empty, one, block
// multiples, non-multiples and a large size.
var diffSizes = []int{0, 1, 256, 1000, 1 << 16}

// A diffCase runs one entry point of the package on dev and returns what it
// computed, from inputs that depend only on n.
type diffCase struct {
	name string
	run  func(dev *gocuda.Device, n int) (any, error)
}

// TestCompiledMatchesRuntime runs every kernel of the package twice on the
// same inputs, compiled (the default) and on the runtime path, and
// requires the same results. They are bit-identical: the compiled form
// runs a block's threads in linear order, as the runtime path does between
// barriers, and no kernel here depends on the order of floating-point
// atomics (Histogram's and ReduceAtomic's atomics are on integers).
func TestCompiledMatchesRuntime(t *testing.T) {
	compiled := newDevice(t)
	runtimePath, err := gocuda.NewDevice(gocuda.WithWorkers(2), gocuda.WithRuntimePath())
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, runtimePath.Close()) })
	skipIfRuntimePath(t, compiled)
	for _, c := range diffCases() {
		for _, n := range diffSizes {
			t.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(t *testing.T) {
				want, err := c.run(runtimePath, n)
				require.NoError(t, err, "runtime path")
				got, err := c.run(compiled, n)
				require.NoError(t, err, "compiled")
				require.Equal(t, want, got)
			})
		}
	}
}

func diffInts(n int) []int32 {
	r := rand.New(rand.NewPCG(uint64(n), 1))
	s := make([]int32, n)
	for i := range s {
		s[i] = r.Int32N(2001) - 1000
	}
	return s
}

func diffFloats(n int) []float32 {
	r := rand.New(rand.NewPCG(uint64(n), 2))
	s := make([]float32, n)
	for i := range s {
		s[i] = r.Float32()*2 - 1
	}
	return s
}

func diffKeys(n int) []uint32 {
	r := rand.New(rand.NewPCG(uint64(n), 3))
	s := make([]uint32, n)
	for i := range s {
		s[i] = r.Uint32()
	}
	return s
}

func diffCases() []diffCase {
	cases := []diffCase{
		{"SAXPY", func(d *gocuda.Device, n int) (any, error) {
			y := diffFloats(n)
			return y, kernels.SAXPY(d, 1.5, diffFloats(n + 1)[:n], y)
		}},
		{"SAXPYGridStride", func(d *gocuda.Device, n int) (any, error) {
			y := diffFloats(n)
			return y, kernels.SAXPYGridStride(d, 1.5, diffFloats(n + 1)[:n], y)
		}},
		{"SAXPYCoarsened", func(d *gocuda.Device, n int) (any, error) {
			y := diffFloats(n)
			return y, kernels.SAXPYCoarsened(d, 1.5, diffFloats(n + 1)[:n], y)
		}},
		{"Mandelbrot", func(d *gocuda.Device, n int) (any, error) {
			w, h := n/8+1, 9
			out := make([]int32, w*h)
			return out, kernels.Mandelbrot(d, -2, -1, 1, 1, w, h, 64, out)
		}},
		{"Stencil", func(d *gocuda.Device, n int) (any, error) {
			side := 7 + n%13
			vsq, even, odd := diffFloats(side*side*side), diffFloats(side*side*side + 1)[1:], diffFloats(side*side*side + 2)[2:]
			err := kernels.Stencil(d, 0, 2, side, []float32{0.5, 0.25, -0.125, 0.0625}, vsq, even, odd)
			return [2][]float32{even, odd}, err
		}},
		{"VecAdd", func(d *gocuda.Device, n int) (any, error) {
			c := make([]int32, n)
			return c, kernels.VecAdd(d, diffInts(n), diffInts(n + 1)[:n], c)
		}},
		{"VecAddGridStride", func(d *gocuda.Device, n int) (any, error) {
			c := make([]int32, n)
			return c, kernels.VecAddGridStride(d, diffInts(n), diffInts(n + 1)[:n], c)
		}},
		{"VecAddCoarsened", func(d *gocuda.Device, n int) (any, error) {
			c := make([]int32, n)
			return c, kernels.VecAddCoarsened(d, diffInts(n), diffInts(n + 1)[:n], c)
		}},
		{"Histogram", func(d *gocuda.Device, n int) (any, error) {
			data := make([]byte, n)
			for i, k := range diffKeys(n) {
				data[i] = byte(k)
			}
			bins := make([]uint32, 256)
			return bins, kernels.Histogram(d, data, bins)
		}},
		{"ReverseNaive", func(d *gocuda.Device, n int) (any, error) {
			out := make([]int32, n)
			return out, kernels.ReverseNaive(d, diffInts(n), out)
		}},
		{"ReverseShared", func(d *gocuda.Device, n int) (any, error) {
			out := make([]int32, n)
			return out, kernels.ReverseShared(d, diffInts(n), out)
		}},
		{"BitonicSort", func(d *gocuda.Device, n int) (any, error) {
			keys := diffInts(n)
			return keys, kernels.BitonicSort(d, keys)
		}},
		{"RadixSort", func(d *gocuda.Device, n int) (any, error) {
			keys := diffKeys(n)
			return keys, kernels.RadixSort(d, keys)
		}},
		{"BlockRadixSort", func(d *gocuda.Device, n int) (any, error) {
			keys := diffKeys(min(n, kernels.BlockRadixSortMax))
			return keys, kernels.BlockRadixSort(d, keys)
		}},
		{"QuickSort", func(d *gocuda.Device, n int) (any, error) {
			keys := diffInts(min(n, 4096))
			return keys, kernels.QuickSort(d, keys)
		}},
	}
	for _, v := range kernels.ReduceVariants() {
		cases = append(cases, diffCase{"Reduce/" + v.String(), func(d *gocuda.Device, n int) (any, error) {
			return kernels.Reduce(d, v, diffInts(n))
		}})
	}
	for _, v := range kernels.ScanVariants() {
		for _, inclusive := range []bool{false, true} {
			cases = append(cases, diffCase{fmt.Sprintf("Scan/%v/inclusive=%v", v, inclusive), func(d *gocuda.Device, n int) (any, error) {
				out := make([]float32, n)
				return out, kernels.Scan(d, v, diffFloats(n), out, inclusive)
			}})
		}
	}
	for _, v := range kernels.MatMulVariants() {
		cases = append(cases, diffCase{"MatMul/" + v.String(), func(d *gocuda.Device, n int) (any, error) {
			m, k, p := diffDims(n)
			c := make([]float32, m*p)
			return c, kernels.MatMul(d, v, diffFloats(m*k), diffFloats(k*p + 1)[:k*p], c, m, k, p)
		}})
	}
	for _, v := range kernels.TransposeVariants() {
		cases = append(cases, diffCase{"Transpose/" + v.String(), func(d *gocuda.Device, n int) (any, error) {
			rows, cols, _ := diffDims(n)
			out := make([]float32, rows*cols)
			return out, kernels.Transpose(d, v, diffFloats(rows*cols), out, rows, cols)
		}})
	}
	for _, v := range kernels.BlurVariants() {
		cases = append(cases, diffCase{"Blur/" + v.String(), func(d *gocuda.Device, n int) (any, error) {
			w, h, _ := diffDims(n)
			dst := make([]float32, w*h)
			return dst, kernels.Blur(d, v, diffFloats(w*h), dst, w, h, 2)
		}})
	}
	return append(cases, nbodyCases()...)
}

// diffDims returns matrix sizes of about n elements, not multiples of a
// tile.
func diffDims(n int) (m, k, p int) {
	switch {
	case n == 0:
		return 0, 3, 0
	case n == 1:
		return 1, 1, 1
	case n > 1<<12:
		return 67, 45, 33
	}
	return 17, 23, 19
}

func nbodyCases() []diffCase {
	var cases []diffCase
	for _, v := range kernels.NBodyVariants() {
		cases = append(cases, diffCase{"NBodyAccel/" + v.String(), func(d *gocuda.Device, n int) (any, error) {
			n = min(n, 1000)
			bodies := make([][4]float32, n)
			for i, f := range diffFloats(4 * n) {
				bodies[i/4][i%4] = f
			}
			acc := make([][3]float32, n)
			return acc, kernels.NBodyAccel(d, v, bodies, acc, 0.01)
		}})
	}
	return cases
}

// TestCompiledFormRuns: the default device runs a kernel's compiled block
// body (its generated code is on the stack of a panic), and a device made
// WithRuntimePath the kernel itself; both report the same failure.
func TestCompiledFormRuns(t *testing.T) {
	compiled := newDevice(t)
	skipIfRuntimePath(t, compiled)
	runtimePath, err := gocuda.NewDevice(gocuda.WithWorkers(2), gocuda.WithRuntimePath())
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, runtimePath.Close()) })
	for _, tc := range []struct {
		dev  *gocuda.Device
		body bool
	}{{compiled, true}, {runtimePath, false}} {
		in := make([]float32, 12)
		err := tc.dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 3}},
			kernels.BlellochScanKernel(in, make([]float32, 12), nil, true))
		var ke *gocuda.KernelError
		require.ErrorAs(t, err, &ke)
		require.ErrorIs(t, err, gocuda.ErrInvalidValue)
		assert.Equal(t, gocuda.Dim3{}, ke.Block)
		assert.Equal(t, tc.body, strings.Contains(string(ke.Stack), "gc_body_blellochScan"), "body on the stack")
		assert.Equal(t, "scan_block.go", filepath.Base(ke.Site.File), "the panic's line is the kernel's own")
	}
}

// bothPaths returns the values of Config.RuntimePath a test comparing
// the two paths runs: false and true, or true alone where dev runs every
// kernel on the runtime path, whose two runs would be one run twice.
func bothPaths(dev *gocuda.Device) []bool {
	if dev.RuntimePath() {
		return []bool{true}
	}
	return []bool{false, true}
}

// skipIfRuntimePath skips a test of compiled forms where dev runs every
// kernel on the runtime path (GOCUDA_COMPILED=off, or a build instrumented
// by gocuda check or gocuda profile): there is nothing compiled to test.
func skipIfRuntimePath(t *testing.T, dev *gocuda.Device) {
	t.Helper()
	if dev.RuntimePath() {
		t.Skip("every kernel runs on the runtime path here")
	}
}
