package bench

import (
	"sync"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// The mandelbrot comparison is ISPC's example (examples/cpu/mandelbrot):
// the rectangle (-2, -1) to (1, 1), 256 iterations at most, an image of
// 3:2 (768×512 at ISPC's size, the size of the comparison).
const (
	mandelX0, mandelY0, mandelX1, mandelY1 = -2, -1, 1, 1
	mandelIter                             = 256
	mandelFlops                            = 10 // per iteration: 3 multiplications, 4 additions, the doubling, the test
)

// mandelbrotKernel compares the escape counts of an image of the
// Mandelbrot set: the CUDA kernel, one thread per pixel, against the loop
// over the pixels a Go programmer writes, serial and split into rows
// across goroutines.
func mandelbrotKernel() Kernel {
	return Kernel{
		Name: "mandelbrot", Bench: "Mandelbrot", Metric: GFLOPs, SizeKey: "width",
		Sizes: []int{768}, Quick: []int{192},
		Work: func(n int) float64 { return mandelFlops * float64(mandelIterations(n)) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			w, h := n, mandelHeight(n)
			want := sync.OnceValue(func() []int32 {
				out := make([]int32, w*h)
				MandelbrotSerial(w, h, out)
				return out
			})
			out := sync.OnceValue(func() []int32 { return make([]int32, w*h) }) // shared: see Kernel.Setup
			variant := func(name string, run func(out []int32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(out()) }, Check: func() error {
					out := out()
					clear(out)
					if err := run(out); err != nil {
						return err
					}
					return equal(out, want())
				}}
			}
			return []Variant{
				variant("perPixel", func(out []int32) error {
					return kernels.Mandelbrot(dev, mandelX0, mandelY0, mandelX1, mandelY1, w, h, mandelIter, out)
				}),
				variant(HandSerial, func(out []int32) error { MandelbrotSerial(w, h, out); return nil }),
				variant(HandParallel, func(out []int32) error { MandelbrotParallel(w, h, out); return nil }),
			}
		},
	}
}

func mandelHeight(width int) int { return width * 2 / 3 }

// mandelTotals holds mandelIterations' results by width.
var mandelTotals sync.Map

// mandelIterations returns the iterations of the image of width n, summed
// over its pixels (the trip that fails the test counts too): the
// comparison's work, computed once per width.
func mandelIterations(n int) int64 {
	if total, ok := mandelTotals.Load(n); ok {
		return total.(int64)
	}
	out := make([]int32, n*mandelHeight(n))
	MandelbrotSerial(n, mandelHeight(n), out)
	var total int64
	for _, c := range out {
		total += int64(c) + 1
	}
	mandelTotals.Store(n, total)
	return total
}

// mandel is ISPC's mandel, as a Go programmer writes it.
func mandel(cRe, cIm float32, count int32) int32 {
	zRe, zIm := cRe, cIm
	var i int32
	for ; i < count; i++ {
		if zRe*zRe+zIm*zIm > 4 {
			break
		}
		zRe, zIm = cRe+(zRe*zRe-zIm*zIm), cIm+2*zRe*zIm
	}
	return i
}

// MandelbrotSerial computes the escape counts of the comparison's image of
// width×height pixels into out, row by row: the serial baseline, ISPC's
// mandelbrot_serial in Go.
func MandelbrotSerial(width, height int, out []int32) { mandelRows(width, height, out, 0, height) }

// MandelbrotParallel computes MandelbrotSerial's image with its rows split
// across GOMAXPROCS goroutines: the hand-written parallel baseline. Rows
// near the set's middle cost more, so the rows are dealt out in
// interleaved bands rather than halves.
func MandelbrotParallel(width, height int, out []int32) {
	const band = 4
	bands := (height + band - 1) / band
	Parallel(bands, func(lo, hi int) {
		for b := lo; b < hi; b++ {
			mandelRows(width, height, out, b*band, min((b+1)*band, height))
		}
	})
}

// mandelRows computes rows lo to hi of the image.
func mandelRows(width, height int, out []int32, lo, hi int) {
	dx := (mandelX1 - mandelX0) / float32(width)
	dy := (mandelY1 - mandelY0) / float32(height)
	for j := lo; j < hi; j++ {
		row := out[j*width : (j+1)*width]
		y := mandelY0 + float32(j)*dy
		for i := range row {
			row[i] = mandel(mandelX0+float32(i)*dx, y, mandelIter)
		}
	}
}
