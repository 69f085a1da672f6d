package nvidia_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
	_ "github.com/gocuda/gocuda/nvidia"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// devices returns a CPU device and a GPU device, or skips the test where
// there is no GPU, saying why.
func devices(t *testing.T) (cpu, gpu *gocuda.Device) {
	t.Helper()
	gpu, err := gocuda.NewDevice(gocuda.WithGPU(0))
	if errors.Is(err, gocuda.ErrNoDevice) {
		t.Skipf("no GPU: %v", err)
	}
	require.NoError(t, err)
	cpu, err = gocuda.NewDevice()
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, gpu.Close()); assert.NoError(t, cpu.Close()) })
	return cpu, gpu
}

func floats(n int, seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	s := make([]float32, n)
	for i := range s {
		s[i] = r.Float32()*2 - 1
	}
	return s
}

func ints(n int, seed uint64) []int32 {
	r := rand.New(rand.NewPCG(seed, 2))
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(r.IntN(2001) - 1000)
	}
	return s
}

// onBoth runs f on each device with its own copy of the inputs and
// requires the outputs to be equal bit for bit.
func onBoth[T comparable](t *testing.T, cpu, gpu *gocuda.Device, f func(dev *gocuda.Device) ([]T, error)) {
	t.Helper()
	want, err := f(cpu)
	require.NoError(t, err, "CPU")
	got, err := f(gpu)
	if errors.Is(err, gocuda.ErrNoKernelImage) {
		t.Skipf("no GPU form: %v", err)
	}
	require.NoError(t, err, "GPU")
	require.Equal(t, len(want), len(got))
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("element %d: CPU %v, GPU %v", i, want[i], got[i])
		}
	}
}

// TestLibraryOnGPU runs package kernels' functions on a GPU device and on
// the CPU: every variant's output is the same bit for bit.
func TestLibraryOnGPU(t *testing.T) {
	cpu, gpu := devices(t)
	p := gpu.Properties()
	assert.NotContains(t, p.Name, "(gocuda)", "the GPU's name, not the CPU's")
	assert.Positive(t, p.MultiProcessorCount)
	const n = 100_003
	t.Run("SAXPY", func(t *testing.T) {
		for _, f := range []func(*gocuda.Device, float32, []float32, []float32) error{kernels.SAXPY, kernels.SAXPYGridStride, kernels.SAXPYCoarsened} {
			onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([]float32, error) {
				y := floats(n, 2)
				return y, f(dev, 2.5, floats(n, 1), y)
			})
		}
	})
	for _, v := range kernels.ReduceVariants() {
		t.Run(fmt.Sprint("Reduce/", v), func(t *testing.T) {
			onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([]int32, error) {
				s, err := kernels.Reduce(dev, v, ints(n, 3))
				return []int32{s}, err
			})
		})
	}
	for _, v := range kernels.MatMulVariants() {
		t.Run(fmt.Sprint("MatMul/", v), func(t *testing.T) {
			onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([]float32, error) {
				c := make([]float32, 100*90)
				return c, kernels.MatMul(dev, v, floats(100*70, 4), floats(70*90, 5), c, 100, 70, 90)
			})
		})
	}
	for _, v := range kernels.NBodyVariants() {
		t.Run(fmt.Sprint("NBody/", v), func(t *testing.T) {
			onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([][3]float32, error) {
				f := floats(4*2000, 6)
				bodies := make([][4]float32, 2000)
				for i := range bodies {
					bodies[i] = [4]float32{f[4*i] * 10, f[4*i+1] * 10, f[4*i+2] * 10, f[4*i+3]*0.5 + 1}
				}
				acc := make([][3]float32, len(bodies))
				return acc, kernels.NBodyAccel(dev, v, bodies, acc, 0.01)
			})
		})
	}
	for _, v := range kernels.ScanVariants() {
		t.Run(fmt.Sprint("Scan/", v), func(t *testing.T) {
			onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([]int32, error) {
				out := make([]int32, n)
				return out, kernels.Scan(dev, v, ints(n, 7), out, true)
			})
		})
	}
	t.Run("Histogram", func(t *testing.T) {
		onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([]uint32, error) {
			data := make([]byte, n)
			for i, v := range ints(n, 8) {
				data[i] = byte(v)
			}
			bins := make([]uint32, kernels.HistogramBins)
			return bins, kernels.Histogram(dev, data, bins)
		})
	})
	for _, v := range kernels.BlurVariants() {
		t.Run(fmt.Sprint("Blur/", v), func(t *testing.T) {
			onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([]float32, error) {
				dst := make([]float32, 97*61)
				return dst, kernels.Blur(dev, v, floats(97*61, 9), dst, 97, 61, 3)
			})
		})
	}
	t.Run("Mandelbrot", func(t *testing.T) {
		onBoth(t, cpu, gpu, func(dev *gocuda.Device) ([]int32, error) {
			out := make([]int32, 97*61)
			return out, kernels.Mandelbrot(dev, -2, -1.2, 1, 1.2, 97, 61, 200, out)
		})
	})
}

// TestFaultOnGPU checks that an index out of range fails a GPU launch as
// it fails the CPU's: a *KernelError wrapping ErrIllegalAddress, naming
// the same block, thread and line.
func TestFaultOnGPU(t *testing.T) {
	cpu, gpu := devices(t)
	launch := func(dev *gocuda.Device) *gocuda.KernelError {
		a, b, c := floats(40*30, 1), floats(30*50, 2), make([]float32, 40*50-1)
		err := dev.Launch(kernels.MatMulConfig(kernels.MatMulNaive, 40, 50), kernels.MatMulNaiveKernel(a, b, c, 40, 30, 50))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%v", err)
		require.ErrorIs(t, err, gocuda.ErrIllegalAddress)
		return ke
	}
	want, got := launch(cpu), launch(gpu)
	assert.Equal(t, want.Block, got.Block)
	assert.Equal(t, want.Thread, got.Thread)
	assert.Equal(t, want.Site.Line, got.Site.Line)
	assert.Equal(t, fmt.Sprint(want.Value), fmt.Sprint(got.Value))
}

// TestNoDevice checks that WithGPU fails with ErrNoDevice where the
// driver cannot be loaded.
func TestNoDevice(t *testing.T) {
	t.Setenv("GOCUDA_LIBCUDA", "/nonexistent/libcuda.so.1")
	_, err := gocuda.NewDevice(gocuda.WithGPU(0))
	assert.ErrorIs(t, err, gocuda.ErrNoDevice)
}
