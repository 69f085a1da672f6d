package kernels_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/gpulink"
	"github.com/gocuda/gocuda/kernels"
)

// A fakeGPU records the launches a GPU device hands its back end, and
// fails them as told: the engine's side of GPU launches, tested without a
// GPU.
type fakeGPU struct {
	launches []gpulink.Launch
	fault    *gpulink.Fault
	closed   bool
}

func (f *fakeGPU) Run(l gpulink.Launch) (*gpulink.Fault, error) {
	if _, err := l.Module.PTX(); err != nil { // as package nvidia loads the module
		return nil, err
	}
	f.launches = append(f.launches, l)
	return f.fault, nil
}
func (f *fakeGPU) Name() string { return "fake" }
func (f *fakeGPU) Props() gpulink.Props {
	return gpulink.Props{Major: 9, Minor: 0, MultiProcessors: 132, TotalMem: 141 << 30}
}
func (f *fakeGPU) Close() error { f.closed = true; return nil }

// withFakeGPU returns a device whose launches go to a fake back end.
func withFakeGPU(t *testing.T) (*gocuda.Device, *fakeGPU) {
	fake := &fakeGPU{}
	old := gpulink.Open
	gpulink.Open = func(int) (gpulink.Device, error) { return fake, nil }
	t.Cleanup(func() { gpulink.Open = old })
	dev, err := gocuda.NewDevice(gocuda.WithGPU(0))
	require.NoError(t, err)
	t.Cleanup(func() { dev.Close(); assert.True(t, fake.closed, "the GPU is released with the device") })
	if dev.RuntimePath() {
		t.Skip("an instrumented build (gocuda check) runs a GPU device's launches on the CPU")
	}
	return dev, fake
}

// TestGPULaunchFindsForm checks that a GPU launch hands the back end the
// kernel's PTX form for its arguments' types, with the arguments and the
// launch's shape: a plain kernel's one form, and a generic kernel's form
// of its instantiation.
func TestGPULaunchFindsForm(t *testing.T) {
	dev, fake := withFakeGPU(t)
	x, y := []float32{1, 2}, []float32{3, 4}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}, SharedMem: 8}
	require.NoError(t, dev.Launch(cfg, kernels.SAXPYKernel(2, x, y)))
	in, partial := []int32{1, 2, 3}, make([]int32, 1)
	require.NoError(t, dev.Launch(cfg, kernels.ReduceSequentialKernel(in, partial)))
	require.Len(t, fake.launches, 2)
	l := fake.launches[0]
	assert.Equal(t, "saxpy", l.Module.Entry)
	assert.Equal(t, []string{"float32", "[]float32", "[]float32"}, l.Module.Params)
	assert.Equal(t, []any{float32(2), x, y}, l.Args)
	assert.Equal(t, [3]uint32{2, 1, 1}, l.Grid)
	assert.Equal(t, [3]uint32{64, 1, 1}, l.Block)
	assert.Equal(t, uint32(8), l.SharedMem)
	text, err := l.Module.PTX()
	require.NoError(t, err)
	assert.Contains(t, text, ".entry saxpy(", "the module, from its file's pack")
	assert.Equal(t, "reduceSequential_int32", fake.launches[1].Module.Entry)
	assert.True(t, fake.launches[1].Module.DynamicShared, "the tree's shared memory is as long as the block")
	assert.True(t, reflect.DeepEqual(fake.launches[1].Args, []any{in, partial}))
	assert.Equal(t, []float32{3, 4}, y, "the fake ran nothing")
}

// TestGPUProperties checks that a GPU device reports its GPU's name and
// properties, not the CPU's.
func TestGPUProperties(t *testing.T) {
	dev, _ := withFakeGPU(t)
	p := dev.Properties()
	assert.Equal(t, "fake", p.Name)
	assert.Equal(t, 9, p.Major)
	assert.Equal(t, 132, p.MultiProcessorCount)
	assert.Equal(t, int64(141<<30), p.TotalGlobalMem)
	assert.Equal(t, gocuda.WarpSize, p.WarpSize)
}

// TestGPULaunchNoForm checks that a kernel with no GPU form fails the
// launch with ErrNoKernelImage: a function literal, and a generic kernel
// instantiated with a type gocuda compile -gpu writes no form for.
func TestGPULaunchNoForm(t *testing.T) {
	dev, fake := withFakeGPU(t)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}
	ran := false
	err := dev.Launch(cfg, func(t *gocuda.Thread) { ran = true })
	assert.ErrorIs(t, err, gocuda.ErrNoKernelImage)
	assert.False(t, ran, "a kernel with no GPU form must not run on the host")
	err = dev.Launch(cfg, kernels.ReduceSequentialKernel([]int64{1}, make([]int64, 1)))
	assert.ErrorIs(t, err, gocuda.ErrNoKernelImage)
	assert.Contains(t, err.Error(), "[]int64")
	err = dev.Launch(cfg, kernels.QuickSortKernel(dev, []int32{2, 1}, 0))
	assert.ErrorIs(t, err, gocuda.ErrNoKernelImage)
	assert.Contains(t, err.Error(), "sort_quick.go:", "the refusal names the line it stopped at")
	assert.Empty(t, fake.launches)
}

// TestGPULaunchFault checks that a check that failed on the GPU fails the
// launch as the CPU's does: a *KernelError naming the thread and line,
// wrapping ErrIllegalAddress, with Go's message.
func TestGPULaunchFault(t *testing.T) {
	dev, fake := withFakeGPU(t)
	fake.fault = &gpulink.Fault{Code: 1, File: "matmul.go", Line: 137, Block: [3]int{1, 2, 0}, Thread: [3]int{3, 4, 0}, A: 99, B: 99}
	a, b, c := make([]float32, 4), make([]float32, 4), make([]float32, 3)
	err := dev.Launch(kernels.MatMulConfig(kernels.MatMulNaive, 2, 2), kernels.MatMulNaiveKernel(a, b, c, 2, 2, 2))
	var ke *gocuda.KernelError
	require.True(t, errors.As(err, &ke), "%v", err)
	assert.ErrorIs(t, err, gocuda.ErrIllegalAddress)
	assert.Equal(t, gocuda.Dim3{X: 1, Y: 2}, ke.Block)
	assert.Equal(t, gocuda.Dim3{X: 3, Y: 4}, ke.Thread)
	assert.Equal(t, 137, ke.Site.Line)
	assert.Contains(t, err.Error(), "index out of range [99] with length 99")
}

// TestWithGPUNoBackEnd checks that WithGPU without a back end linked
// fails with ErrNoDevice, saying what to import.
func TestWithGPUNoBackEnd(t *testing.T) {
	old := gpulink.Open
	gpulink.Open = nil
	defer func() { gpulink.Open = old }()
	_, err := gocuda.NewDevice(gocuda.WithGPU(0))
	assert.ErrorIs(t, err, gocuda.ErrNoDevice)
	assert.Contains(t, err.Error(), "gocuda/nvidia")
}
