package corpus

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// convolveRef is the sample's convolutionRowCPU (dx=1, dy=0) or
// convolutionColumnCPU (dx=0, dy=1): zeros outside the image, the taps in
// the kernels' order.
func convolveRef(src, k []float32, w, h, dx, dy int) []float32 {
	dst := make([]float32, w*h)
	for y := range h {
		for x := range w {
			var sum float32
			for j := -kernelRadius; j <= kernelRadius; j++ {
				xx, yy := x+j*dx, y+j*dy
				if xx >= 0 && xx < w && yy >= 0 && yy < h {
					sum += k[kernelRadius-j] * src[yy*w+xx]
				}
			}
			dst[y*w+x] = sum
		}
	}
	return dst
}

func TestConvolutionSeparable(t *testing.T) {
	r := rng(17)
	k := randF32(r, kernelLength)
	c, err := mem.NewConstant[float32](dev, kernelLength)
	require.NoError(t, err)
	defer func() { require.NoError(t, c.Free()) }()
	require.NoError(t, c.Set(k))
	for _, sz := range [][2]int{{128, 64}, {256, 128}} {
		w, h := sz[0], sz[1]
		src := randF32(r, w*h)
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			rows := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, w*h)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: w / (rowsResultSteps * rowsBlockDimX), Y: h / rowsBlockDimY}, Block: gocuda.Dim3{X: rowsBlockDimX, Y: rowsBlockDimY}}
				return dst, f.launch(cfg, ConvolutionRowsKernel(dst, src, w, h, w, c.View()))
			})
			assert.Equal(t, convolveRef(src, k, w, h, 1, 0), rows)
			cols := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, w*h)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: w / columnsBlockDimX, Y: h / (columnsResultSteps * columnsBlockDimY)}, Block: gocuda.Dim3{X: columnsBlockDimX, Y: columnsBlockDimY}}
				return dst, f.launch(cfg, ConvolutionColumnsKernel(dst, src, w, h, w, c.View()))
			})
			assert.Equal(t, convolveRef(src, k, w, h, 0, 1), cols)
		})
	}
}
