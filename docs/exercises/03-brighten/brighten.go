//go:build !solutions

// Package brighten is exercise 3: brighten a grayscale image with a 2D grid
// of 2D blocks.
//
// Images and matrices map naturally onto two-dimensional launches: blocks
// of Tile×Tile threads, gocuda.Dim3{X: Tile, Y: Tile}, and a grid of
// enough blocks in X to cover the width and in Y to cover the height. Each
// thread owns one pixel:
//
//	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X // column
//	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y // row
//
// The image is stored row by row (row-major): pixel (x, y) is
// img[y*width+x]. When the width or the height is not a multiple of Tile,
// the blocks on the right and bottom edges hang over the image, and their
// threads outside it must do nothing: check x < width and y < height,
// separately. The image is changed in place, so a pixel handled by two
// threads is brightened twice.
//
// Run the test with: go test ./03-brighten/
package brighten

import "github.com/gocuda/gocuda/gocuda"

// Brighten adds delta to every pixel of the width×height grayscale image
// img, in place, clamping the results to 0..255, with one thread per pixel
// in blocks of Tile×Tile threads. Pixel (x, y) is img[y*width+x].
func Brighten(dev *gocuda.Device, img []uint8, width, height, delta int) error {
	cfg := gocuda.Config{
		Grid:  gocuda.Dim3{X: 1, Y: 1}, // TODO: cover width columns in X and height rows in Y
		Block: gocuda.Dim3{X: Tile, Y: Tile},
	}
	return dev.Launch(cfg, func(t *gocuda.Thread) {
		// TODO: compute the column x and the row y of this thread's pixel;
		// if the pixel is inside the image, add delta to it, clamped to
		// 0..255 (compute in int: uint8 arithmetic wraps around).
	})
}
