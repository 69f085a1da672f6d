package bench

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// slowAbove is the size past which the variants that pay a barrier or a
// warp collective per element are left out of a comparison on the runtime
// path: at ~115 ns per thread per barrier they would take seconds per
// operation and say nothing the smaller size does not. Compiled, they stay.
const slowAbove = 1 << 16

// saxpyKernel compares y = a*x + y: one thread per element (the CUDA
// guide's form, perThread), and two grid-stride loops over a grid sized to
// the device: gridStride strides over runs of consecutive elements
// (kernels.SAXPYCoarsened, the CPU's form of the float4-wide loop), and
// gridStrideScalar strides one element at a time as most GPU code does
// (kernels.SAXPYGridStride), which on a CPU walks memory at a stride of the
// whole grid and is kept to show that.
func saxpyKernel() Kernel {
	return Kernel{
		Name: "saxpy", Metric: GBps, SizeName: "n",
		Sizes: []int{1 << 20, 1 << 24}, Quick: []int{1 << 20},
		Work: func(n int) float64 { return 12 * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			const a = 0.5
			x, y0 := make([]float32, n), make([]float32, n)
			for i := range x {
				x[i], y0[i] = float32(i%1000)/4, float32(i%7) // a*x+y is exact in float32
			}
			want := make([]float32, n)
			for i := range want {
				want[i] = a*x[i] + y0[i]
			}
			variant := func(name string, run func(y []float32) error) Variant {
				y := append([]float32(nil), y0...)
				return Variant{Name: name, Run: func() error { return run(y) }, Check: func() error {
					copy(y, y0)
					if err := run(y); err != nil {
						return err
					}
					return checkEqual(y, want)
				}}
			}
			return []Variant{
				variant("perThread", func(y []float32) error { return kernels.SAXPY(dev, a, x, y) }),
				variant("gridStride", func(y []float32) error { return kernels.SAXPYCoarsened(dev, a, x, y) }),
				variant("gridStrideScalar", func(y []float32) error { return kernels.SAXPYGridStride(dev, a, x, y) }),
				variant(HandSerial, func(y []float32) error { SAXPYSerial(a, x, y); return nil }),
				variant(HandParallel, func(y []float32) error { SAXPYParallel(a, x, y); return nil }),
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
		Name: "scan", Metric: GBps, SizeName: "n",
		Sizes: []int{1 << 16, 1 << 24}, Quick: []int{1 << 16, 1 << 20},
		Work: func(n int) float64 { return 8 * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			in := sparseOnes(n)
			want := make([]float32, n)
			ScanSerial(in, want)
			variant := func(name string, run func(out []float32) error) Variant {
				out := make([]float32, n)
				return Variant{Name: name, Run: func() error { return run(out) }, Check: func() error {
					clear(out)
					if err := run(out); err != nil {
						return err
					}
					return checkEqual(out, want)
				}}
			}
			var vs []Variant
			for _, v := range kernels.ScanVariants() {
				if n > slowAbove && dev.RuntimePath() && v != kernels.ScanCoarsened {
					continue
				}
				vs = append(vs, variant(v.String(), func(out []float32) error { return kernels.Scan(dev, v, in, out, true) }))
			}
			return append(vs,
				variant(HandSerial, func(out []float32) error { ScanSerial(in, out); return nil }),
				variant(HandParallel, func(out []float32) error { ScanParallel(in, out); return nil }))
		},
	}
}

// reduceKernel compares float32 sums: the reduction sequence's variants.
func reduceKernel() Kernel {
	return Kernel{
		Name: "reduce", Metric: GBps, SizeName: "n",
		Sizes: []int{1 << 16, 1 << 24}, Quick: []int{1 << 16, 1 << 20},
		Work: func(n int) float64 { return 4 * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			in := sparseOnes(n)
			want := ReduceSerial(in)
			variant := func(name string, run func() (float32, error)) Variant {
				return Variant{Name: name,
					Run: func() error { _, err := run(); return err },
					Check: func() error {
						got, err := run()
						if err == nil && got != want {
							err = fmt.Errorf("sum = %v, want %v", got, want)
						}
						return err
					}}
			}
			var vs []Variant
			for _, v := range kernels.ReduceVariants() {
				if n > slowAbove && dev.RuntimePath() && v != kernels.ReduceGridStride && v != kernels.ReduceCoarsened {
					continue
				}
				vs = append(vs, variant(v.String(), func() (float32, error) { return kernels.Reduce(dev, v, in) }))
			}
			return append(vs,
				variant(HandSerial, func() (float32, error) { return ReduceSerial(in), nil }),
				variant(HandParallel, func() (float32, error) { return ReduceParallel(in), nil }))
		},
	}
}

// nbodyKernel compares all-pairs accelerations, counting 20 flops per
// interaction as P&H Appendix B does.
func nbodyKernel() Kernel {
	return Kernel{
		Name: "nbody", Metric: GFLOPs, SizeName: "bodies",
		Sizes: []int{4096, 16384}, Quick: []int{2048},
		Work: func(n int) float64 { return 20 * float64(n) * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			const eps2 = 0.01
			bodies := nbodyBodies(n)
			want := make([][3]float32, n)
			NBodySerial(bodies, want, eps2)
			variant := func(name string, run func(acc [][3]float32) error) Variant {
				acc := make([][3]float32, n)
				return Variant{Name: name, Run: func() error { return run(acc) }, Check: func() error {
					clear(acc)
					if err := run(acc); err != nil {
						return err
					}
					return checkAccel(acc, want)
				}}
			}
			var vs []Variant
			for _, v := range kernels.NBodyVariants() {
				vs = append(vs, variant(v.String(), func(acc [][3]float32) error { return kernels.NBodyAccel(dev, v, bodies, acc, eps2) }))
			}
			return append(vs,
				variant(HandSerial, func(acc [][3]float32) error { NBodySerial(bodies, acc, eps2); return nil }),
				variant(HandParallel, func(acc [][3]float32) error { NBodyParallel(bodies, acc, eps2); return nil }))
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

// matmulKernel compares n×n matrix products, 2n³ flops each.
func matmulKernel() Kernel {
	return Kernel{
		Name: "matmul", Metric: GFLOPs, SizeName: "n",
		Sizes: []int{256, 1024}, Quick: []int{256},
		Work: func(n int) float64 { return 2 * float64(n) * float64(n) * float64(n) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			a, b := make([]float32, n*n), make([]float32, n*n)
			for i := range a {
				a[i], b[i] = float32(i%5), float32((i*3)%7) // small integers: every product is exact
			}
			want := make([]float32, n*n)
			MatMulSerial(a, b, want, n, n, n)
			variant := func(name string, run func(c []float32) error) Variant {
				c := make([]float32, n*n)
				return Variant{Name: name, Run: func() error { return run(c) }, Check: func() error {
					clear(c)
					if err := run(c); err != nil {
						return err
					}
					return checkEqual(c, want)
				}}
			}
			var vs []Variant
			for _, v := range kernels.MatMulVariants() {
				vs = append(vs, variant(v.String(), func(c []float32) error { return kernels.MatMul(dev, v, a, b, c, n, n, n) }))
			}
			return append(vs,
				variant(HandSerial, func(c []float32) error { MatMulSerial(a, b, c, n, n, n); return nil }),
				variant(HandParallel, func(c []float32) error { MatMulParallel(a, b, c, n, n, n); return nil }))
		},
	}
}
