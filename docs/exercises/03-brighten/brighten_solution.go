//go:build solutions

// Package brighten is exercise 3: brighten a grayscale image with a 2D grid
// of 2D blocks. This is the reference solution (build tag solutions).
package brighten

import "github.com/gocuda/gocuda/gocuda"

// Brighten adds delta to every pixel of the width×height grayscale image
// img, in place, clamping the results to 0..255, with one thread per pixel
// in blocks of Tile×Tile threads. Pixel (x, y) is img[y*width+x].
func Brighten(dev *gocuda.Device, img []uint8, width, height, delta int) error {
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: (width + Tile - 1) / Tile, Y: (height + Tile - 1) / Tile},
		Block: gocuda.Dim3{X: Tile, Y: Tile},
	}
	return dev.Launch(cfg, func(t *gocuda.Thread) {
		x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
		if x < width && y < height {
			p := &img[y*width+x]
			*p = uint8(min(max(int(*p)+delta, 0), 255))
		}
	})
}
