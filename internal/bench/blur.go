package bench

import (
	"sync"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// blurRadius is the radius of the blur comparison: a 5×5 box.
const blurRadius = 2

// blurKernel compares the 5×5 box blur of a width×height image (the size
// is the width; the height is 9/16 of it, 1920×1080 at full size): the naive
// kernel reading global memory, the shared-memory tile with its halo, and
// hand-written Go.
func blurKernel() Kernel {
	return Kernel{
		Name: "blur", Bench: "Blur", Metric: GBps, SizeKey: "width",
		Sizes: []int{1920}, Quick: []int{480},
		Work: func(n int) float64 { return 8 * float64(n*blurHeight(n)) },
		Setup: func(dev *gocuda.Device, n int) []Variant {
			w, h := n, blurHeight(n)
			type inputs struct{ src, want []float32 }
			in := sync.OnceValue(func() inputs {
				src, want := make([]float32, w*h), make([]float32, w*h)
				for i := range src {
					src[i] = float32(i % 251)
				}
				BlurSerial(src, want, w, h, blurRadius)
				return inputs{src, want}
			})
			dst := sync.OnceValue(func() []float32 { return make([]float32, w*h) }) // shared: see Kernel.Setup
			variant := func(name string, run func(src, dst []float32) error) Variant {
				return Variant{Name: name, Run: func() error { return run(in().src, dst()) }, Check: func() error {
					dst := dst()
					clear(dst)
					if err := run(in().src, dst); err != nil {
						return err
					}
					return checkEqual(dst, in().want)
				}}
			}
			var vs []Variant
			for _, v := range kernels.BlurVariants() {
				vs = append(vs, variant(v.String(), func(src, dst []float32) error {
					return kernels.Blur(dev, v, src, dst, w, h, blurRadius)
				}))
			}
			return append(vs,
				variant(HandSerial, func(src, dst []float32) error { BlurSerial(src, dst, w, h, blurRadius); return nil }),
				variant(HandParallel, func(src, dst []float32) error { BlurParallel(src, dst, w, h, blurRadius); return nil }),
			)
		},
	}
}

func blurHeight(width int) int { return width * 9 / 16 }

// BlurSerial computes dst as the box blur of radius r of the width×height
// image src, pixels past the edges clamped to them: the serial baseline of
// the blur kernels, adding the window in their order (rows outer) so that
// results match bit for bit.
func BlurSerial(src, dst []float32, width, height, r int) {
	blurRows(src, dst, width, height, r, 0, height)
}

// BlurParallel computes the same blur as BlurSerial with the rows split
// into GOMAXPROCS ranges, one goroutine each: the hand-written parallel
// baseline.
func BlurParallel(src, dst []float32, width, height, r int) {
	Parallel(height, func(lo, hi int) { blurRows(src, dst, width, height, r, lo, hi) })
}

// blurRows blurs rows lo to hi-1.
func blurRows(src, dst []float32, width, height, r, lo, hi int) {
	scale := 1 / float32((2*r+1)*(2*r+1))
	for y := lo; y < hi; y++ {
		for x := range width {
			var sum float32
			for dy := -r; dy <= r; dy++ {
				row := src[min(max(y+dy, 0), height-1)*width:]
				for dx := -r; dx <= r; dx++ {
					sum += row[min(max(x+dx, 0), width-1)]
				}
			}
			dst[y*width+x] = sum * scale
		}
	}
}
