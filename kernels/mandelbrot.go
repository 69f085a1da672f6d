package kernels

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// Launch shape of the mandelbrot kernel: rows of 32 pixels, 8 rows a block.
const (
	mandelBlockX = 32
	mandelBlockY = 8
)

// mandel returns how many iterations of z = z² + c the point c takes to
// leave the circle of radius 2, at most count: ISPC's mandel, from its
// mandelbrot example (examples/cpu/mandelbrot/mandelbrot.ispc), in
// float32 as there. The loop's trip count differs from point to point: on
// a GPU, and in gocuda's vector steps, a warp's lanes stay in it until the
// last one leaves.
func mandel(cRe, cIm float32, count int32) int32 {
	zRe, zIm := cRe, cIm
	var i int32
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

// MandelbrotKernel returns ISPC's mandelbrot example as a CUDA kernel: one
// thread per pixel of a width×height image of the rectangle (x0, y0) to
// (x1, y1) of the complex plane, storing each pixel's escape count (at
// most maxIter) in out, row by row. Launch it with MandelbrotConfig.
//
//gocuda:kernel MandelbrotKernel
func mandelbrot(t *gocuda.Thread, x0, y0, x1, y1 float32, width, height int, maxIter int32, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i >= width || j >= height {
		return
	}
	dx := (x1 - x0) / float32(width)
	dy := (y1 - y0) / float32(height)
	x := x0 + float32(i)*dx
	y := y0 + float32(j)*dy
	out[j*width+i] = mandel(x, y, maxIter)
}

// MandelbrotConfig is the launch of MandelbrotKernel over a width×height
// image: one thread per pixel, blocks of 32×8.
func MandelbrotConfig(width, height int) gocuda.Config {
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: max(1, matmulCeil(width, mandelBlockX)), Y: max(1, matmulCeil(height, mandelBlockY))},
		Block: gocuda.Dim3{X: mandelBlockX, Y: mandelBlockY},
	}
}

// Mandelbrot computes the escape counts of the width×height image of the
// rectangle (x0, y0) to (x1, y1) into out (len width*height, row by row)
// on dev. It returns an error wrapping gocuda.ErrInvalidValue for a nil
// device, a negative size, a wrong len(out), a negative maxIter or a
// corner that is not finite.
func Mandelbrot(dev *gocuda.Device, x0, y0, x1, y1 float32, width, height int, maxIter int32, out []int32) error {
	finite := func(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.Mandelbrot: nil device", gocuda.ErrInvalidValue)
	case width < 0 || height < 0 || maxIter < 0:
		return fmt.Errorf("%w: kernels.Mandelbrot: %d×%d image, %d iterations", gocuda.ErrInvalidValue, width, height, maxIter)
	case len(out) != width*height:
		return fmt.Errorf("%w: kernels.Mandelbrot: len(out) = %d, want %d×%d", gocuda.ErrInvalidValue, len(out), width, height)
	case !finite(x0) || !finite(y0) || !finite(x1) || !finite(y1):
		return fmt.Errorf("%w: kernels.Mandelbrot: corner (%v, %v) or (%v, %v) not finite", gocuda.ErrInvalidValue, x0, y0, x1, y1)
	case width*height == 0:
		return nil
	}
	return dev.Launch(MandelbrotConfig(width, height), MandelbrotKernel(x0, y0, x1, y1, width, height, maxIter, out))
}
