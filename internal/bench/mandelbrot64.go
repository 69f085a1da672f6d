package bench

import "github.com/gocuda/gocuda/gocuda"

// mandel64 is ISPC's mandel (examples/cpu/mandelbrot) in double precision,
// as the double-precision path of NVIDIA's CUDA sample Mandelbrot
// computes it when zoomed in, with Go's int as the count: the benchmark
// of the SIMD build's four 64-bit lanes on a compute-bound loop
// (BenchmarkMandelbrot64).
func mandel64(cRe, cIm float64, count int) int {
	zRe, zIm := cRe, cIm
	var i int
	for i = 0; i < count; i++ {
		if zRe*zRe+zIm*zIm > 4 {
			break
		}
		newRe := zRe*zRe - zIm*zIm
		newIm := 2 * zRe * zIm
		zRe = cRe + newRe
		zIm = cIm + newIm
	}
	return i
}

// Mandelbrot64Kernel returns the kernel of BenchmarkMandelbrot64: one
// thread per pixel of a width×height image of the rectangle (x0, y0) to
// (x1, y1), storing each pixel's escape count (at most maxIter) in out,
// row by row.
//
//gocuda:kernel Mandelbrot64Kernel
func mandelbrot64(t *gocuda.Thread, x0, y0, x1, y1 float64, width, height, maxIter int, out []int64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i >= width || j >= height {
		return
	}
	dx := (x1 - x0) / float64(width)
	dy := (y1 - y0) / float64(height)
	x := x0 + float64(i)*dx
	y := y0 + float64(j)*dy
	out[j*width+i] = int64(mandel64(x, y, maxIter))
}

// Mandelbrot64Serial computes Mandelbrot64Kernel's image of the rectangle
// (-2, -1) to (1, 1) with 256 iterations at most, row by row: the serial
// baseline.
func Mandelbrot64Serial(width, height int, out []int64) { mandel64Rows(width, height, out, 0, height) }

// Mandelbrot64Parallel is Mandelbrot64Serial with its rows dealt out in
// interleaved bands across GOMAXPROCS goroutines, as MandelbrotParallel:
// the hand-written parallel baseline.
func Mandelbrot64Parallel(width, height int, out []int64) {
	const band = 4
	bands := (height + band - 1) / band
	Parallel(bands, func(lo, hi int) {
		for b := lo; b < hi; b++ {
			mandel64Rows(width, height, out, b*band, min((b+1)*band, height))
		}
	})
}

// mandel64Rows computes rows lo to hi of the image.
func mandel64Rows(width, height int, out []int64, lo, hi int) {
	dx := (mandelX1 - mandelX0) / float64(width)
	dy := (mandelY1 - mandelY0) / float64(height)
	for j := lo; j < hi; j++ {
		row := out[j*width : (j+1)*width]
		y := mandelY0 + float64(j)*dy
		for i := range row {
			row[i] = int64(mandel64(mandelX0+float64(i)*dx, y, mandelIter))
		}
	}
}
