package hecbenchstencil

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// conv1dRef is convolution1D's reference: the masked sum around each input.
func conv1dRef[T conv1dElem](in, mask []T, maskWidth int) []T {
	out := make([]T, len(in))
	for i := range in {
		var s T
		start := i - maskWidth/2
		for j := 0; j < maskWidth; j++ {
			if start+j >= 0 && start+j < len(in) {
				s += in[start+j] * mask[j]
			}
		}
		out[i] = s
	}
	return out
}

// testConv1d runs the three kernels for one element type with blocks of
// 64 and 256 over 768 inputs (a multiple of the block, as the kernels
// need) and the original's odd mask widths 3 to 9, the mask (all ones in
// the original) random small integers; the inputs are the original's
// rand() % 256.
func testConv1d[T conv1dElem](t *testing.T, name string, size int) {
	const width = 768
	r := rng(width, size)
	in := make([]T, width)
	for i := range in {
		in[i] = T(r.IntN(256))
	}
	for maskWidth := 3; maskWidth < 10; maskWidth += 2 {
		mask := make([]T, 10)
		for i := range mask {
			mask[i] = T(r.IntN(5) - 2)
		}
		want := conv1dRef(in, mask, maskWidth)
		for _, bs := range []int{64, 256} {
			kernels := []struct {
				name  string
				smem  int
				build func(out []T) func(*gocuda.Thread)
			}{
				{"conv1d", 0, func(out []T) func(*gocuda.Thread) { return Conv1dKernel(in, out, mask, width, maskWidth) }},
				{"tiled", (bs + 10 - 1) * size, func(out []T) func(*gocuda.Thread) { return Conv1dTiledKernel(in, out, mask, width, maskWidth) }},
				{"tiled caching", bs * size, func(out []T) func(*gocuda.Thread) { return Conv1dTiledCachingKernel(in, out, mask, width, maskWidth) }},
			}
			for _, k := range kernels {
				got := agree(t, func(f form) ([]T, error) {
					out := make([]T, width)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: width / bs}, Block: gocuda.Dim3{X: bs}, SharedMem: k.smem}, k.build(out))
				})
				require.Equal(t, want, got, fmt.Sprintf("%s %s mask %d block %d", name, k.name, maskWidth, bs))
			}
		}
	}
}

// TestConv1d runs convolution1D's kernels in double, float and int16 (the
// sums of small integers are exact in each).
func TestConv1d(t *testing.T) {
	testConv1d[float64](t, "FP64", 8)
	testConv1d[float32](t, "FP32", 4)
	testConv1d[int16](t, "INT16", 2)
}

// convRowHost and convColumnHost are conv_gold.cu's convolutionRowHost and
// convolutionColumnHost, summing in double.
func convRowHost(src, kernel []float32, w, h, r int) []float32 {
	dst := make([]float32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sum := 0.0
			for k := -r; k <= r; k++ {
				if d := x + k; d >= 0 && d < w {
					sum += float64(src[y*w+d] * kernel[r-k])
				}
			}
			dst[y*w+x] = float32(sum)
		}
	}
	return dst
}

func convColumnHost(src, kernel []float32, w, h, r int) []float32 {
	dst := make([]float32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sum := 0.0
			for k := -r; k <= r; k++ {
				if d := y + k; d >= 0 && d < h {
					sum += float64(src[d*w+x] * kernel[r-k])
				}
			}
			dst[y*w+x] = float32(sum)
		}
	}
	return dst
}

// TestConvolutionSeparable runs conv_rows then conv_cols with the launch
// shapes of convolutionRows and convolutionColumns on a 256×128 image (the
// sizes their asserts allow) against conv_gold's row and column passes.
func TestConvolutionSeparable(t *testing.T) {
	const w, h = 256, 128
	r := rng(w, h)
	src := randF32(r, w*h)
	kernel := randF32(r, csKernelLength)
	wantRows := convRowHost(src, kernel, w, h, csKernelRadius)
	want := convColumnHost(wantRows, kernel, w, h, csKernelRadius)
	type res struct{ rows, out []float32 }
	got := agree(t, func(f form) (res, error) {
		rows, out := make([]float32, w*h), make([]float32, w*h)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: w / csRowsResultSteps / csRowsBlockDimX, Y: h / csRowsBlockDimY},
			Block: gocuda.Dim3{X: csRowsBlockDimX, Y: csRowsBlockDimY}}, ConvRowsKernel(rows, src, kernel, w, h, w)); err != nil {
			return res{}, err
		}
		return res{rows, out}, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: w / csColumnsBlockDimX, Y: h / csColumnsResultStep / csColumnsBlockDimY},
			Block: gocuda.Dim3{X: csColumnsBlockDimX, Y: csColumnsBlockDimY}}, ConvColsKernel(out, rows, kernel, w, h, w))
	})
	nearSlice(t, wantRows, got.rows, 1e-5, "rows")
	nearSlice(t, want, got.out, 1e-5, "columns")
}
