package variants

import (
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

// The variants of kernels.SAXPYKernel (y = a*x + y, one thread per
// element, blocks of 256: the CUDA guide's form, perThread in
// BenchmarkSAXPY).

const saxpyThreads = 256

// SAXPYEarlyReturnKernel rewords kernels.SAXPYKernel with an early return
// for the threads past the end instead of an if around the update.
//
//gocuda:kernel SAXPYEarlyReturnKernel
func saxpyEarlyReturn(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(x) {
		return
	}
	y[i] = a*x[i] + y[i]
}

// SAXPYCompoundKernel rewords kernels.SAXPYKernel with a compound
// assignment, y[i] += a * x[i].
//
//gocuda:kernel SAXPYCompoundKernel
func saxpyCompound(t *gocuda.Thread, a float32, x, y []float32) {
	if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(y) {
		y[i] += a * x[i]
	}
}

// SAXPYFloat64Kernel rewords kernels.SAXPYKernel in float64 (DAXPY).
//
//gocuda:kernel SAXPYFloat64Kernel
func saxpyFloat64(t *gocuda.Thread, a float64, x, y []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) {
		y[i] = a*x[i] + y[i]
	}
}

// SAXPYInt32IndexKernel rewords kernels.SAXPYKernel with the index in
// int32 arithmetic, as code ported from CUDA's int indexes writes it.
//
//gocuda:kernel SAXPYInt32IndexKernel
func saxpyInt32Index(t *gocuda.Thread, a float32, x, y []float32) {
	i := int32(t.BlockIdx.X)*int32(t.BlockDim.X) + int32(t.ThreadIdx.X)
	if i < int32(len(x)) {
		y[i] = a*x[i] + y[i]
	}
}

// SAXPYHelperKernel rewords kernels.SAXPYKernel with the arithmetic in a
// __device__ helper.
//
//gocuda:kernel SAXPYHelperKernel
func saxpyHelper(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) {
		y[i] = axpy(a, x[i], y[i])
	}
}

func axpy(a, x, y float32) float32 { return a*x + y }

// SAXPYFourLoopKernel rewords kernels.SAXPYKernel with four consecutive
// elements per thread in a counted loop.
//
//gocuda:kernel SAXPYFourLoopKernel
func saxpyFourLoop(t *gocuda.Thread, a float32, x, y []float32) {
	base := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * 4
	for k := 0; k < 4; k++ {
		if j := base + k; j < len(x) {
			y[j] = a*x[j] + y[j]
		}
	}
}

// SAXPYBlockStrideKernel rewords kernels.SAXPYKernel with four elements per
// thread, coalesced: each block covers a contiguous chunk of four times its
// size, its threads striding through it by the block's size.
//
//gocuda:kernel SAXPYBlockStrideKernel
func saxpyBlockStride(t *gocuda.Thread, a float32, x, y []float32) {
	chunk := 4 * t.BlockDim.X
	end := min((t.BlockIdx.X+1)*chunk, len(x))
	for j := t.BlockIdx.X*chunk + t.ThreadIdx.X; j < end; j += t.BlockDim.X {
		y[j] = a*x[j] + y[j]
	}
}

// SAXPYInt32Kernel rewords kernels.SAXPYKernel over int32 elements.
//
//gocuda:kernel SAXPYInt32Kernel
func saxpyInt32(t *gocuda.Thread, a int32, x, y []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) {
		y[i] = a*x[i] + y[i]
	}
}

// saxpyCase is a SAXPY Impl over T with x and y0 from in: run updates y
// in place; the reference is a*x + y0 elementwise.
func saxpyCase[T float32 | float64 | int32](name, kind, key string, a T, in func(n int) (x, y0 []T),
	run func(dev *gocuda.Device, runtimePath bool, a T, x, y []T) error) Impl {
	of := ""
	if kind == Reworded {
		of = "perThread"
	}
	return Impl{Name: name, Kind: kind, Of: of, Setup: func(dev *gocuda.Device, n int, runtimePath bool) Instance {
		type inputs struct{ x, y0 []T }
		ins := func() inputs {
			s := shared(key, n, func(n int) []inputs { x, y0 := in(n); return []inputs{{x, y0}} })
			return s[0]
		}
		y := func() []T { return shared(key+"y", n, func(n int) []T { return make([]T, n) }) }
		return Instance{
			Run: func() error { return run(dev, runtimePath, a, ins().x, y()) },
			Check: func() error {
				in, y := ins(), y()
				copy(y, in.y0)
				if err := run(dev, runtimePath, a, in.x, y); err != nil {
					return err
				}
				want := make([]T, n)
				for i := range want {
					want[i] = a*in.x[i] + in.y0[i]
				}
				return equal(y, want)
			},
		}
	}}
}

// saxpyInputs are BenchmarkSAXPY's: a*x+y is exact in float32.
func saxpyInputs[T float32 | float64 | int32](n int) (x, y0 []T) {
	x, y0 = make([]T, n), make([]T, n)
	for i := range x {
		x[i], y0[i] = T(i%1000)/4, T(i%7)
	}
	return x, y0
}

// saxpyLaunch runs kernel k over x and y with perThread elements a thread.
func saxpyLaunch[T any](k func(a T, x, y []T) func(*gocuda.Thread), perThread int) func(*gocuda.Device, bool, T, []T, []T) error {
	return func(dev *gocuda.Device, runtimePath bool, a T, x, y []T) error {
		return dev.Launch(config(ceil(len(x), saxpyThreads*perThread), saxpyThreads, runtimePath), k(a, x, y))
	}
}

func saxpyAlgo() Algo {
	const a = 0.5
	f32 := saxpyInputs[float32]
	return Algo{
		Name: "saxpy", Size: 1 << 24, Short: 1 << 16, Test: []int{1, 1000, 70001},
		Impls: []Impl{
			saxpyCase("perThread", Original, "saxpy32", a, f32, func(dev *gocuda.Device, _ bool, a float32, x, y []float32) error {
				return kernels.SAXPY(dev, a, x, y)
			}),
			saxpyCase("earlyReturn", Reworded, "saxpy32", a, f32, saxpyLaunch(SAXPYEarlyReturnKernel, 1)),
			saxpyCase("compound", Reworded, "saxpy32", a, f32, saxpyLaunch(SAXPYCompoundKernel, 1)),
			saxpyCase("float64", Reworded, "saxpy64", a, saxpyInputs[float64], saxpyLaunch(SAXPYFloat64Kernel, 1)),
			saxpyCase("int32Index", Reworded, "saxpy32", a, f32, saxpyLaunch(SAXPYInt32IndexKernel, 1)),
			saxpyCase("helper", Reworded, "saxpy32", a, f32, saxpyLaunch(SAXPYHelperKernel, 1)),
			saxpyCase("fourLoop", Reworded, "saxpy32", a, f32, saxpyLaunch(SAXPYFourLoopKernel, 4)),
			saxpyCase("blockStride", Reworded, "saxpy32", a, f32, saxpyLaunch(SAXPYBlockStrideKernel, 4)),
			saxpyCase("int32", Reworded, "saxpyi32", 3, saxpyInputs[int32], saxpyLaunch(SAXPYInt32Kernel, 1)),
			saxpyCase(bench.HandSerial, Hand, "saxpy32", a, f32, func(_ *gocuda.Device, _ bool, a float32, x, y []float32) error {
				bench.SAXPYSerial(a, x, y)
				return nil
			}),
			saxpyCase(bench.HandParallel, Hand, "saxpy32", a, f32, func(_ *gocuda.Device, _ bool, a float32, x, y []float32) error {
				bench.SAXPYParallel(a, x, y)
				return nil
			}),
		},
	}
}
