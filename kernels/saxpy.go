package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// Launch shapes of the element-wise kernels (SAXPY and VecAdd).
const (
	// saxpyBlock is the threads per block of every element-wise launch, the
	// CUDA programming guide's 256.
	saxpyBlock = 256
	// saxpyBlocksPerWorker sizes the grid-stride grids to the device: a few
	// blocks per worker, so that workers that finish early take another.
	saxpyBlocksPerWorker = 4
	// saxpyRun is the run of consecutive elements a coarsened thread handles
	// per grid-stride step: 4 KiB of float32, long enough for the CPU's
	// prefetcher to stream it.
	saxpyRun = 1024
)

// SAXPYKernel returns the classic CUDA SAXPY, y = a*x + y, of P&H
// Appendix B and Harris's "An Easy Introduction to CUDA C and C++": one
// thread per element, thread i updating y[i] if i < len(x). Launch it with
// at least len(x) threads in one dimension of blocks (SAXPY does).
//
//gocuda:kernel SAXPYKernel
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		y[i] = a*x[i] + y[i]
	}
}

// SAXPYGridStrideKernel returns SAXPY with a grid-stride loop, as in
// Harris's "CUDA Pro Tip: Write Flexible Kernels with Grid-Stride Loops":
// thread i updates elements i, i+s, i+2s, ... where s = blockDim*gridDim is
// the number of threads in the grid, so any grid covers any length.
//
// On a GPU the lanes of a warp load neighbouring elements together; in
// gocuda a block's threads run one after another, so each thread strides
// through memory alone, touching a new cache line (and often a new page)
// per element. SAXPYCoarsenedKernel is the form that suits a CPU.
//
//gocuda:kernel SAXPYGridStrideKernel
func saxpyGridStride(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += stride {
		y[i] = a*x[i] + y[i]
	}
}

// SAXPYCoarsenedKernel returns SAXPY with a coarsened grid-stride loop:
// the unit of the stride is a run of 1024 consecutive elements instead of
// one element, the way CUDA kernels widen each thread's access to float4
// vectors, taken to the CPU's scale. Thread g handles runs g, g+s, g+2s, ...
// where s is the number of threads in the grid. Each thread then streams
// through contiguous memory, which is what a CPU's caches and prefetchers
// want, and the grid can stay small (SAXPYCoarsened uses a few blocks per
// worker).
//
//gocuda:kernel SAXPYCoarsenedKernel
func saxpyCoarsened(t *gocuda.Thread, a float32, x, y []float32) {
	n := len(x)
	stride := t.BlockDim.X * t.GridDim.X * saxpyRun
	for lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * saxpyRun; lo < n; lo += stride {
		hi := min(lo+saxpyRun, n)
		xs, ys := x[lo:hi], y[lo:hi]
		ys = ys[:len(xs)] // one bounds check for the run, not one per element
		for i, v := range xs {
			ys[i] = a*v + ys[i]
		}
	}
}

// SAXPY computes y = a*x + y on dev with SAXPYKernel, one thread per
// element in blocks of 256. It returns an error wrapping
// gocuda.ErrInvalidValue if dev is nil or len(x) != len(y), and otherwise
// the launch's error.
func SAXPY(dev *gocuda.Device, a float32, x, y []float32) error {
	if err := saxpyCheck("SAXPY", dev, len(x), len(y), len(y)); err != nil {
		return err
	}
	return dev.Launch(saxpyPerElementConfig(len(x)), SAXPYKernel(a, x, y))
}

// SAXPYGridStride computes y = a*x + y on dev with SAXPYGridStrideKernel
// on a grid sized to the device (four blocks of 256 threads per worker),
// whatever the length. Errors are as for SAXPY.
func SAXPYGridStride(dev *gocuda.Device, a float32, x, y []float32) error {
	if err := saxpyCheck("SAXPYGridStride", dev, len(x), len(y), len(y)); err != nil {
		return err
	}
	return dev.Launch(saxpyGridStrideConfig(dev, len(x), 1), SAXPYGridStrideKernel(a, x, y))
}

// SAXPYCoarsened computes y = a*x + y on dev with SAXPYCoarsenedKernel on
// a grid sized to the device and capped by the number of runs. It is the
// fastest SAXPY in gocuda. Errors are as for SAXPY.
func SAXPYCoarsened(dev *gocuda.Device, a float32, x, y []float32) error {
	if err := saxpyCheck("SAXPYCoarsened", dev, len(x), len(y), len(y)); err != nil {
		return err
	}
	return dev.Launch(saxpyGridStrideConfig(dev, len(x), saxpyRun), SAXPYCoarsenedKernel(a, x, y))
}

// VecAddKernel returns the CUDA C++ Programming Guide's first kernel,
// VecAdd, c = a + b, one thread per element: thread i sets c[i] if
// i < len(c). Launch it with at least len(c) threads in one dimension of
// blocks (VecAdd does).
//
//gocuda:kernel VecAddKernel
func vecAdd[T Number](t *gocuda.Thread, a, b, c []T) {
	n := len(c)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		c[i] = a[i] + b[i]
	}
}

// VecAddGridStrideKernel returns VecAdd with a grid-stride loop (Harris,
// "Write Flexible Kernels with Grid-Stride Loops"): thread i sets elements
// i, i+s, i+2s, ... where s = blockDim*gridDim. See SAXPYGridStrideKernel
// for what the stride costs on a CPU.
//
//gocuda:kernel VecAddGridStrideKernel
func vecAddGridStride[T Number](t *gocuda.Thread, a, b, c []T) {
	n := len(c)
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += stride {
		c[i] = a[i] + b[i]
	}
}

// VecAddCoarsenedKernel returns VecAdd with a coarsened grid-stride loop
// whose unit is a run of 1024 consecutive elements, as
// SAXPYCoarsenedKernel's is.
//
//gocuda:kernel VecAddCoarsenedKernel
func vecAddCoarsened[T Number](t *gocuda.Thread, a, b, c []T) {
	n := len(c)
	stride := t.BlockDim.X * t.GridDim.X * saxpyRun
	for lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * saxpyRun; lo < n; lo += stride {
		hi := min(lo+saxpyRun, n)
		as, bs, cs := a[lo:hi], b[lo:hi], c[lo:hi]
		bs, cs = bs[:len(as)], cs[:len(as)] // hoist the bounds checks
		for i, v := range as {
			cs[i] = v + bs[i]
		}
	}
}

// VecAdd computes c = a + b on dev with VecAddKernel, one thread per
// element in blocks of 256. Integer sums wrap. It returns an error wrapping
// gocuda.ErrInvalidValue if dev is nil or the lengths differ, and otherwise
// the launch's error.
func VecAdd[T Number](dev *gocuda.Device, a, b, c []T) error {
	if err := saxpyCheck("VecAdd", dev, len(a), len(b), len(c)); err != nil {
		return err
	}
	return dev.Launch(saxpyPerElementConfig(len(c)), VecAddKernel(a, b, c))
}

// VecAddGridStride computes c = a + b on dev with VecAddGridStrideKernel
// on a grid sized to the device (four blocks of 256 threads per worker).
// Errors are as for VecAdd.
func VecAddGridStride[T Number](dev *gocuda.Device, a, b, c []T) error {
	if err := saxpyCheck("VecAddGridStride", dev, len(a), len(b), len(c)); err != nil {
		return err
	}
	return dev.Launch(saxpyGridStrideConfig(dev, len(c), 1), VecAddGridStrideKernel(a, b, c))
}

// VecAddCoarsened computes c = a + b on dev with VecAddCoarsenedKernel on a
// grid sized to the device and capped by the number of runs. Errors are as
// for VecAdd.
func VecAddCoarsened[T Number](dev *gocuda.Device, a, b, c []T) error {
	if err := saxpyCheck("VecAddCoarsened", dev, len(a), len(b), len(c)); err != nil {
		return err
	}
	return dev.Launch(saxpyGridStrideConfig(dev, len(c), saxpyRun), VecAddCoarsenedKernel(a, b, c))
}

// saxpyCheck validates an element-wise launch of the kernel named name on
// three operands of lengths n0, n1 and n2.
func saxpyCheck(name string, dev *gocuda.Device, n0, n1, n2 int) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.%s: nil device", gocuda.ErrInvalidValue, name)
	case n0 != n1 || n1 != n2:
		return fmt.Errorf("%w: kernels.%s: operand lengths %d, %d and %d differ",
			gocuda.ErrInvalidValue, name, n0, n1, n2)
	}
	return nil
}

// saxpyPerElementConfig is one thread per element in blocks of saxpyBlock
// (one block for n = 0: a grid cannot be empty).
func saxpyPerElementConfig(n int) gocuda.Config {
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: max(1, saxpyCeil(n, saxpyBlock))},
		Block: gocuda.Dim3{X: saxpyBlock},
	}
}

// saxpyGridStrideConfig is a grid of saxpyBlocksPerWorker blocks per worker
// of dev, fewer if n elements in units of run give some threads nothing
// to do.
func saxpyGridStrideConfig(dev *gocuda.Device, n, run int) gocuda.Config {
	blocks := min(dev.Workers()*saxpyBlocksPerWorker, saxpyCeil(saxpyCeil(n, run), saxpyBlock))
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: max(1, blocks)},
		Block: gocuda.Dim3{X: saxpyBlock},
	}
}

// saxpyCeil is ceil(a/b) for a >= 0, b > 0.
func saxpyCeil(a, b int) int { return (a + b - 1) / b }
