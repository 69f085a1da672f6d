package bench

import (
	"slices"
	"sync"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// stencilSteps is the time steps of one stencil operation, and
// stencilFlops the floating-point operations of one point's update (4
// multiplications by the weights and 18 additions for div, then 4 for
// 2·a − a' + vsq·div).
const (
	stencilSteps = 4
	stencilFlops = 26
)

// stencilCoef are the stencil's weights.
var stencilCoef = []float32{0.5, -0.25, 0.125, -0.0625}

// stencilKernel compares ISPC's 3D stencil (examples/cpu/stencil) over an
// n×n×n grid, stencilSteps time steps: the CUDA kernel, a thread per
// point, against ISPC's serial loops in Go and those loops split over
// planes across goroutines.
func stencilKernel() Kernel {
	return Kernel{
		Name: "stencil", Bench: "Stencil", Metric: GFLOPs, SizeKey: "n",
		Sizes: []int{128}, Quick: []int{32},
		Work: func(n int) float64 {
			m := float64(max(n-2*kernels.StencilRadius, 0))
			return stencilFlops * stencilSteps * m * m * m
		},
		Setup: func(dev *gocuda.Device, n int) []Variant {
			type inputs struct{ vsq, even, odd, wantEven, wantOdd []float32 }
			in := sync.OnceValue(func() inputs {
				vsq, even, odd := make([]float32, n*n*n), make([]float32, n*n*n), make([]float32, n*n*n)
				for i := range vsq {
					vsq[i], even[i], odd[i] = float32(i%4)/4, float32(i%16-8), float32(i%11-5)
				}
				we, wo := slices.Clone(even), slices.Clone(odd)
				StencilSerial(0, stencilSteps, n, stencilCoef, vsq, we, wo)
				return inputs{vsq, even, odd, we, wo}
			})
			bufs := sync.OnceValue(func() [2][]float32 { return [2][]float32{slices.Clone(in().even), slices.Clone(in().odd)} }) // shared: see Kernel.Setup
			variant := func(name string, run func(even, odd []float32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(bufs()[0], bufs()[1]) }, Check: func() error {
					b := bufs()
					copy(b[0], in().even)
					copy(b[1], in().odd)
					if err := run(b[0], b[1]); err != nil {
						return err
					}
					if err := equal(b[0], in().wantEven); err != nil {
						return err
					}
					return equal(b[1], in().wantOdd)
				}}
			}
			return []Variant{
				variant("perPoint", func(even, odd []float32) error {
					return kernels.Stencil(dev, 0, stencilSteps, n, stencilCoef, in().vsq, even, odd)
				}),
				variant(HandSerial, func(even, odd []float32) error {
					StencilSerial(0, stencilSteps, n, stencilCoef, in().vsq, even, odd)
					return nil
				}),
				variant(HandParallel, func(even, odd []float32) error {
					StencilParallel(0, stencilSteps, n, stencilCoef, in().vsq, even, odd)
					return nil
				}),
			}
		},
	}
}

// StencilSerial runs time steps t0 to t1 of ISPC's stencil over the
// interior of an n×n×n grid with ISPC's serial loops (loop_stencil_serial)
// in Go: the serial baseline.
func StencilSerial(t0, t1, n int, coef, vsq, even, odd []float32) {
	r := kernels.StencilRadius
	for t := t0; t < t1; t++ {
		in, out := even, odd
		if t&1 == 1 {
			in, out = odd, even
		}
		stencilPlanes(n, coef, vsq, in, out, r, n-r)
	}
}

// StencilParallel runs StencilSerial's steps with each step's planes split
// over GOMAXPROCS goroutines: the hand-written parallel baseline.
func StencilParallel(t0, t1, n int, coef, vsq, even, odd []float32) {
	r := kernels.StencilRadius
	for t := t0; t < t1; t++ {
		in, out := even, odd
		if t&1 == 1 {
			in, out = odd, even
		}
		Parallel(max(n-2*r, 0), func(lo, hi int) { stencilPlanes(n, coef, vsq, in, out, r+lo, r+hi) })
	}
}

// stencilPlanes updates the interior points of planes z0 to z1 (ISPC's
// stencil_step).
func stencilPlanes(n int, coef, vsq, in, out []float32, z0, z1 int) {
	r, nxy := kernels.StencilRadius, n*n
	c0, c1, c2, c3 := coef[0], coef[1], coef[2], coef[3]
	for z := z0; z < z1; z++ {
		for y := r; y < n-r; y++ {
			for x := r; x < n-r; x++ {
				i := z*nxy + y*n + x
				div := c0*in[i] +
					c1*(in[i+1]+in[i-1]+in[i+n]+in[i-n]+in[i+nxy]+in[i-nxy]) +
					c2*(in[i+2]+in[i-2]+in[i+2*n]+in[i-2*n]+in[i+2*nxy]+in[i-2*nxy]) +
					c3*(in[i+3]+in[i-3]+in[i+3*n]+in[i-3*n]+in[i+3*nxy]+in[i-3*nxy])
				out[i] = 2*in[i] - out[i] + vsq[i]*div
			}
		}
	}
}
