//go:generate go run github.com/gocuda/gocuda/internal/compile/gocudacompile -simd512
package bench

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// slowAbove is the size past which the variants that pay a barrier or a
// warp collective per element are left out of a comparison on the runtime
// path: a barrier there is a coroutine switch per thread
// (BenchmarkSyncThreads), so they would take seconds per operation and say
// nothing the smaller size does not. Compiled, they stay.
const slowAbove = 1 << 16

// saxpyKernel compares y = a*x + y, each variant named after the kernel it
// runs: perThread is one thread per element, the CUDA guide's form
// (kernels.SAXPY); gridStride is the usual GPU grid-stride loop, one
// element per step over a grid sized to the device (kernels.SAXPYGridStride),
// which on a CPU walks memory at a stride of the whole grid and is kept to
// show that; coarsened strides over runs of consecutive elements
// (kernels.SAXPYCoarsened), the CPU's form of a float4-wide loop.
func saxpyKernel() Kernel {
	return Kernel{
		Name: "saxpy", Bench: "SAXPY", Metric: GBps, SizeKey: "n",
		Sizes: []int{1 << 20, 1 << 24}, Quick: []int{1 << 20},
		Work: func(n int) float64 { return 12 * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			const a = 0.5
			type inputs struct{ x, y0, want []float32 }
			in := sync.OnceValue(func() inputs {
				x, y0, want := make([]float32, n), make([]float32, n), make([]float32, n)
				for i := range x {
					x[i], y0[i] = float32(i%1000)/4, float32(i%7) // a*x+y is exact in float32
					want[i] = a*x[i] + y0[i]
				}
				return inputs{x, y0, want}
			})
			y := sync.OnceValue(func() []float32 { return slices.Clone(in().y0) }) // shared: see Kernel.Setup
			variant := func(name string, run func(x, y []float32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(in().x, y()) }, Check: func() error {
					y := y()
					copy(y, in().y0)
					if err := run(in().x, y); err != nil {
						return err
					}
					return checkEqual(y, in().want)
				}}
			}
			return []Variant{
				variant("perThread", func(x, y []float32) error { return kernels.SAXPY(dev, a, x, y) }),
				variant("gridStride", func(x, y []float32) error { return kernels.SAXPYGridStride(dev, a, x, y) }),
				variant("coarsened", func(x, y []float32) error { return kernels.SAXPYCoarsened(dev, a, x, y) }),
				variant(HandSerial, func(x, y []float32) error { SAXPYSerial(a, x, y); return nil }),
				variant(HandParallel, func(x, y []float32) error { SAXPYParallel(a, x, y); return nil }),
			}
		},
	}
}

// sparseOnes returns n float32s, about one in eleven of them 1 and the rest
// 0, so that every prefix sum and total is exact in float32 at any size the
// comparisons use, whatever the order of the additions.
func sparseOnes(n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		if (i*7)%11 == 0 {
			x[i] = 1
		}
	}
	return x
}

// scanKernel compares inclusive prefix sums of float32s.
func scanKernel() Kernel {
	return Kernel{
		Name: "scan", Bench: "Scan", Metric: GBps, SizeKey: "n",
		Sizes: []int{1 << 16, 1 << 24}, Quick: []int{1 << 16, 1 << 20},
		Work: func(n int) float64 { return 8 * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			type inputs struct{ in, want []float32 }
			in := sync.OnceValue(func() inputs {
				x, want := sparseOnes(n), make([]float32, n)
				ScanSerial(x, want)
				return inputs{x, want}
			})
			out := sync.OnceValue(func() []float32 { return make([]float32, n) }) // shared: see Kernel.Setup
			variant := func(name string, run func(in, out []float32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(in().in, out()) }, Check: func() error {
					out := out()
					clear(out)
					if err := run(in().in, out); err != nil {
						return err
					}
					return checkEqual(out, in().want)
				}}
			}
			var vs []Variant
			for _, v := range kernels.ScanVariants() {
				if n > slowAbove && dev.RuntimePath() && v != kernels.ScanCoarsened {
					continue
				}
				vs = append(vs, variant(v.String(), func(in, out []float32) error { return kernels.Scan(dev, v, in, out, true) }))
			}
			return append(vs,
				variant(HandSerial, func(in, out []float32) error { ScanSerial(in, out); return nil }),
				variant(HandParallel, func(in, out []float32) error { ScanParallel(in, out); return nil }))
		},
	}
}

// reduceKernel compares float32 sums: the reduction sequence's variants.
func reduceKernel() Kernel {
	return Kernel{
		Name: "reduce", Bench: "Reduce", Metric: GBps, SizeKey: "n",
		Sizes: []int{1 << 16, 1 << 24}, Quick: []int{1 << 16, 1 << 20},
		Work: func(n int) float64 { return 4 * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			in := sync.OnceValue(func() []float32 { return sparseOnes(n) })
			want := sync.OnceValue(func() float32 { return ReduceSerial(in()) })
			variant := func(name string, run func(in []float32) (float32, error)) Variant {
				return Variant{Name: name,
					Run: func() error { _, err := run(in()); return err },
					Check: func() error {
						got, err := run(in())
						if err == nil && got != want() {
							err = fmt.Errorf("sum = %v, want %v", got, want())
						}
						return err
					}}
			}
			var vs []Variant
			for _, v := range kernels.ReduceVariants() {
				if n > slowAbove && dev.RuntimePath() && v != kernels.ReduceGridStride && v != kernels.ReduceCoarsened {
					continue
				}
				vs = append(vs, variant(v.String(), func(in []float32) (float32, error) { return kernels.Reduce(dev, v, in) }))
			}
			return append(vs,
				variant(HandSerial, func(in []float32) (float32, error) { return ReduceSerial(in), nil }),
				variant(HandParallel, func(in []float32) (float32, error) { return ReduceParallel(in), nil }))
		},
	}
}

// nbodyKernel compares all-pairs accelerations, counting 20 flops per
// interaction as P&H Appendix B does.
func nbodyKernel() Kernel {
	return Kernel{
		Name: "nbody", Bench: "NBody", Metric: GFLOPs, SizeKey: "bodies",
		Sizes: []int{4096, 16384}, Quick: []int{2048},
		Work: func(n int) float64 { return 20 * float64(n) * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			const eps2 = 0.01
			type inputs struct {
				bodies [][4]float32
				want   [][3]float32
			}
			in := sync.OnceValue(func() inputs {
				bodies, want := nbodyBodies(n), make([][3]float32, n)
				NBodySerial(bodies, want, eps2)
				return inputs{bodies, want}
			})
			acc := sync.OnceValue(func() [][3]float32 { return make([][3]float32, n) }) // shared: see Kernel.Setup
			variant := func(name string, run func(bodies [][4]float32, acc [][3]float32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(in().bodies, acc()) }, Check: func() error {
					acc := acc()
					clear(acc)
					if err := run(in().bodies, acc); err != nil {
						return err
					}
					return checkAccel(acc, in().want)
				}}
			}
			var vs []Variant
			for _, v := range kernels.NBodyVariants() {
				vs = append(vs, variant(v.String(), func(bodies [][4]float32, acc [][3]float32) error {
					return kernels.NBodyAccel(dev, v, bodies, acc, eps2)
				}))
			}
			return append(vs,
				variant(HandSerial, func(bodies [][4]float32, acc [][3]float32) error { NBodySerial(bodies, acc, eps2); return nil }),
				variant(HandParallel, func(bodies [][4]float32, acc [][3]float32) error { NBodyParallel(bodies, acc, eps2); return nil }))
		},
	}
}

// nbodyBodies places n bodies of unit mass on a deterministic jittered
// lattice in the unit cube.
func nbodyBodies(n int) [][4]float32 {
	bodies := make([][4]float32, n)
	for i := range bodies {
		f := float64(i)
		bodies[i] = [4]float32{float32(math.Mod(f*0.618034, 1)), float32(math.Mod(f*0.414214, 1)), float32(math.Mod(f*0.732051, 1)), 1}
	}
	return bodies
}

// checkAccel accepts accelerations within 1e-4 of the largest component:
// the variants add the same terms in different orders.
func checkAccel(got, want [][3]float32) error {
	var top float64
	for _, a := range want {
		for _, c := range a {
			top = max(top, math.Abs(float64(c)))
		}
	}
	for i := range want {
		for c := range 3 {
			if d := math.Abs(float64(got[i][c] - want[i][c])); d > 1e-4*top || d != d {
				return fmt.Errorf("body %d component %d = %v, want %v", i, c, got[i][c], want[i][c])
			}
		}
	}
	return nil
}

// matmulSlowAbove is the matrix size past which the tiled kernels, which
// cross two barriers per 16 multiply-adds, are left out on the runtime
// path: at 1024² one product takes over ten seconds there.
const matmulSlowAbove = 256

// matmulKernel compares n×n matrix products, 2n³ flops each.
func matmulKernel() Kernel {
	return Kernel{
		Name: "matmul", Bench: "MatMul", Metric: GFLOPs, SizeKey: "n",
		Sizes: []int{256, 1024}, Quick: []int{256},
		Work: func(n int) float64 { return 2 * float64(n) * float64(n) * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			type inputs struct{ a, b, want []float32 }
			in := sync.OnceValue(func() inputs {
				a, b, want := make([]float32, n*n), make([]float32, n*n), make([]float32, n*n)
				for i := range a {
					a[i], b[i] = float32(i%5), float32((i*3)%7) // small integers: every product is exact
				}
				MatMulSerial(a, b, want, n, n, n)
				return inputs{a, b, want}
			})
			c := sync.OnceValue(func() []float32 { return make([]float32, n*n) }) // shared: see Kernel.Setup
			variant := func(name string, run func(a, b, c []float32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(in().a, in().b, c()) }, Check: func() error {
					c := c()
					clear(c)
					if err := run(in().a, in().b, c); err != nil {
						return err
					}
					return checkEqual(c, in().want)
				}}
			}
			var vs []Variant
			for _, v := range kernels.MatMulVariants() {
				if n > matmulSlowAbove && dev.RuntimePath() && (v == kernels.MatMulTiled || v == kernels.MatMulTiledUnrolled) {
					continue
				}
				vs = append(vs, variant(v.String(), func(a, b, c []float32) error { return kernels.MatMul(dev, v, a, b, c, n, n, n) }))
			}
			return append(vs,
				variant(HandSerial, func(a, b, c []float32) error { MatMulSerial(a, b, c, n, n, n); return nil }),
				variant(HandParallel, func(a, b, c []float32) error { MatMulParallel(a, b, c, n, n, n); return nil }))
		},
	}
}
