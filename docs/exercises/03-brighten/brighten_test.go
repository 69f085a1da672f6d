package brighten

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
)

// brighten is the host reference for one pixel.
func brighten(p uint8, delta int) uint8 { return uint8(min(max(int(p)+delta, 0), 255)) }

// TestBrighten checks Brighten against a loop on the host for images of
// several shapes, brightening and darkening, and stops at the first case
// that fails.
func TestBrighten(t *testing.T) {
	dev := check.NewDevice(t)
	sizes := [][2]int{{1, 1}, {16, 16}, {17, 3}, {3, 40}, {100, 37}, {640, 480}}
	for _, size := range sizes {
		for _, delta := range []int{40, -60} {
			width, height := size[0], size[1]
			name := fmt.Sprintf("%dx%d/delta=%d", width, height, delta)
			ok := t.Run(name, func(t *testing.T) {
				img := make([]uint8, width*height)
				for y := range height {
					for x := range width {
						img[y*width+x] = uint8((x*7 + y*13 + 50) % 256)
					}
				}
				orig := append([]uint8(nil), img...)
				err := check.Call(t, func() error { return Brighten(dev, img, width, height, delta) })
				check.NoError(t, err, "Brighten "+name)
				for i, got := range img {
					if want := brighten(orig[i], delta); got != want {
						x, y := i%width, i/width
						t.Fatalf("%d×%d image, delta %d: pixel (x=%d, y=%d) = %d, want %d (it was %d).\nhint: %s",
							width, height, delta, x, y, got, want, orig[i], diagnose(img, orig, width, delta, i))
					}
				}
			})
			if !ok {
				return
			}
		}
	}
}

// diagnose explains the first wrong pixel, img[i].
func diagnose(img, orig []uint8, width, delta, i int) string {
	x, y := i%width, i/width
	changed := false
	for j := range img {
		changed = changed || img[j] != orig[j]
	}
	got := img[i]
	switch {
	case !changed:
		return "the kernel changed nothing: compute the pixel's column x and row y from the X and Y indices\n" +
			"and brighten img[y*width+x]."
	case got == orig[i] && (x >= Tile || y >= Tile):
		return fmt.Sprintf("pixel (%d, %d) was never brightened. Does the grid cover the whole image: width/Tile blocks\n"+
			"in X and height/Tile in Y, both rounded up? Do x and y include t.BlockIdx.X*t.BlockDim.X and\n"+
			"t.BlockIdx.Y*t.BlockDim.Y?", x, y)
	case got == brighten(brighten(orig[i], delta), delta):
		return fmt.Sprintf("pixel (%d, %d) was brightened twice. Threads outside the image must do nothing: check\n"+
			"x < width and y < height separately. Checking only y*width+x < width*height lets a thread past\n"+
			"the right edge land on the next row.", x, y)
	case got == uint8(int(orig[i])+delta):
		return "the result wrapped around instead of being clamped: uint8 arithmetic wraps (250+40 = 34).\n" +
			"Compute int(p)+delta and clamp it to 0..255 before converting back to uint8."
	}
	return fmt.Sprintf("is pixel (x, y) at index y*width + x? x (the column) comes from the X indices and y (the\n"+
		"row) from the Y indices; here the width is %d.", width)
}
