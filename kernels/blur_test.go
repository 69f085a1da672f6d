package kernels_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// blurHost is the host reference of the box blur: the window's rows outer,
// columns inner, clamped to the image, in float32 as the kernels add.
func blurHost(src []float32, width, height, r int) []float32 {
	clamp := func(i, n int) int { return min(max(i, 0), n-1) }
	dst := make([]float32, len(src))
	scale := 1 / float32((2*r+1)*(2*r+1))
	for y := range height {
		for x := range width {
			var sum float32
			for dy := -r; dy <= r; dy++ {
				for dx := -r; dx <= r; dx++ {
					sum += src[clamp(y+dy, height)*width+clamp(x+dx, width)]
				}
			}
			dst[y*width+x] = sum * scale
		}
	}
	return dst
}

// TestBlur: both variants equal the host reference bit for bit, at sizes
// that are and are not multiples of the tile, and radii from 0 to 3.
func TestBlur(t *testing.T) {
	dev := newDevice(t)
	sizes := [][2]int{{0, 0}, {1, 1}, {1, 17}, {16, 16}, {17, 33}, {100, 37}, {256, 256}}
	if !testing.Short() {
		sizes = append(sizes, [2]int{1920, 1080})
	}
	for _, sz := range sizes {
		w, h := sz[0], sz[1]
		src := diffFloats(w * h)
		for r := range 4 {
			if w*h > 1<<20 && r != 2 {
				continue
			}
			want := blurHost(src, w, h, r)
			for _, v := range kernels.BlurVariants() {
				t.Run(fmt.Sprintf("%v/%dx%d/r=%d", v, w, h, r), func(t *testing.T) {
					dst := make([]float32, w*h)
					require.NoError(t, kernels.Blur(dev, v, src, dst, w, h, r))
					require.Equal(t, want, dst)
				})
			}
		}
	}
}

// TestBlurErrors: bad arguments are errors matching gocuda.ErrInvalidValue,
// before anything runs.
func TestBlurErrors(t *testing.T) {
	dev := newDevice(t)
	img := make([]float32, 6)
	for name, call := range map[string]func() error{
		"nil device":     func() error { return kernels.Blur(nil, kernels.BlurNaive, img, img, 2, 3, 1) },
		"variant":        func() error { return kernels.Blur(dev, 7, img, img, 2, 3, 1) },
		"negative width": func() error { return kernels.Blur(dev, kernels.BlurShared, img, img, -2, -3, 1) },
		"negative r":     func() error { return kernels.Blur(dev, kernels.BlurShared, img, img, 2, 3, -1) },
		"huge r":         func() error { return kernels.Blur(dev, kernels.BlurShared, img, img, 2, 3, kernels.BlurMaxRadius+1) },
		"short dst":      func() error { return kernels.Blur(dev, kernels.BlurShared, img, img[:5], 2, 3, 1) },
	} {
		require.ErrorIs(t, call(), gocuda.ErrInvalidValue, name)
	}
}
