package kernels_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// mandelRef is the escape count of c, computed as ISPC's serial reference
// does, in float32.
func mandelRef(cRe, cIm float32, count int32) int32 {
	zRe, zIm := cRe, cIm
	var i int32
	for ; i < count && zRe*zRe+zIm*zIm <= 4; i++ {
		zRe, zIm = cRe+(zRe*zRe-zIm*zIm), cIm+2*zRe*zIm
	}
	return i
}

func TestMandelbrot(t *testing.T) {
	dev := newDevice(t)
	for _, size := range [][2]int{{1, 1}, {7, 3}, {32, 8}, {77, 45}, {256, 170}} {
		w, h := size[0], size[1]
		out := make([]int32, w*h)
		require.NoError(t, kernels.Mandelbrot(dev, -2, -1, 1, 1, w, h, 256, out))
		dx, dy := float32(3)/float32(w), float32(2)/float32(h)
		for j := range h {
			for i := range w {
				want := mandelRef(-2+float32(i)*dx, -1+float32(j)*dy, 256)
				require.Equal(t, want, out[j*w+i], "%d×%d pixel (%d, %d)", w, h, i, j)
			}
		}
	}
}

func TestMandelbrotErrors(t *testing.T) {
	dev := newDevice(t)
	nan := float32(0)
	nan /= nan
	for name, err := range map[string]error{
		"nil device": kernels.Mandelbrot(nil, -2, -1, 1, 1, 1, 1, 1, make([]int32, 1)),
		"negative":   kernels.Mandelbrot(dev, -2, -1, 1, 1, -1, 1, 1, nil),
		"len(out)":   kernels.Mandelbrot(dev, -2, -1, 1, 1, 2, 2, 1, make([]int32, 3)),
		"iterations": kernels.Mandelbrot(dev, -2, -1, 1, 1, 1, 1, -1, make([]int32, 1)),
		"not finite": kernels.Mandelbrot(dev, nan, -1, 1, 1, 1, 1, 1, make([]int32, 1)),
	} {
		assert.True(t, errors.Is(err, gocuda.ErrInvalidValue), "%s: %v", name, err)
	}
	assert.NoError(t, kernels.Mandelbrot(dev, -2, -1, 1, 1, 0, 5, 1, nil), "an empty image")
}
