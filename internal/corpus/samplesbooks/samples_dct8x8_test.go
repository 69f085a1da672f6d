package samplesbooks

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// dctQ is dct8x8_kernel_quantization.cuh's quantization table Q.
var dctQ = []int16{32, 33, 51, 81, 66, 39, 34, 17, 33, 36, 48, 47, 28, 23, 12, 12, 51, 48, 47, 28, 23, 12,
	12, 12, 81, 47, 28, 23, 12, 12, 12, 12, 66, 28, 23, 12, 12, 12, 12, 12, 39, 23, 12, 12,
	12, 12, 12, 12, 34, 12, 12, 12, 12, 12, 12, 12, 17, 12, 12, 12, 12, 12, 12, 12}

// dct2Ref is the JPEG 8×8 DCT of each block of the w×h plane (stride w),
// orthonormal, in float64; inverse gives the inverse transform.
func dct2Ref(src []float32, w, h int, inverse bool) []float32 {
	cu := func(u int) float64 {
		if u == 0 {
			return 1 / math.Sqrt2
		}
		return 1
	}
	cos := func(x, u int) float64 { return math.Cos(float64((2*x+1)*u) * math.Pi / 16) }
	out := make([]float32, len(src))
	for by := 0; by < h; by += 8 {
		for bx := 0; bx < w; bx += 8 {
			for v := range 8 {
				for u := range 8 {
					s := 0.0
					for y := range 8 {
						for x := range 8 {
							f := float64(src[(by+y)*w+bx+x])
							if inverse {
								// out(u, v) as a pixel from coefficients (x, y)
								s += cu(x) * cu(y) * f * cos(u, x) * cos(v, y)
							} else {
								s += f * cos(x, u) * cos(y, v)
							}
						}
					}
					if !inverse {
						s *= cu(u) * cu(v)
					}
					out[(by+v)*w+bx+u] = float32(s / 4)
				}
			}
		}
	}
	return out
}

// TestDCT8x8Kernel2 runs CUDAkernel2DCT on a 64×32 plane of pixels minus
// 128 (as WrapperCUDA2 prepares it) against the JPEG DCT, and
// CUDAkernel2IDCT on the result against the inverse, which must give the
// plane back.
func TestDCT8x8Kernel2(t *testing.T) {
	const w, h = 64, 32
	r := rng(w, h)
	img := make([]float32, w*h)
	for i := range img {
		img[i] = float32(r.IntN(256)) - 128
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: w / ker2BlockWidth, Y: h / ker2BlockHeight},
		Block: gocuda.Dim3{X: 8, Y: ker2BlockWidth / 8, Z: ker2BlockHeight / 8}}
	type res struct{ coef, back []float32 }
	got := agree(t, func(f form) (res, error) {
		coef, back := make([]float32, w*h), make([]float32, w*h)
		if err := f.launch(cfg, CUDAKernel2DCTKernel(coef, img, w)); err != nil {
			return res{}, err
		}
		return res{coef, back}, f.launch(cfg, CUDAKernel2IDCTKernel(back, coef, w))
	})
	nearSlice(t, dct2Ref(img, w, h, false), got.coef, 1e-4, "DCT")
	nearSlice(t, dct2Ref(got.coef, w, h, true), got.back, 1e-4, "IDCT")
	nearSlice(t, img, got.back, 1e-3, "round trip")
}

// TestDCT8x8Quantization runs the float and the short quantization kernels
// (8×8 threads a block of the plane) against rounding each coefficient to
// the nearest multiple of its table entry, halves away from zero.
func TestDCT8x8Quantization(t *testing.T) {
	const w, h = 32, 24
	r := rng(w, h, 8)
	coefF := make([]float32, w*h)
	coefS := make([]int16, w*h)
	wantF := make([]float32, w*h)
	wantS := make([]int16, w*h)
	for y := range h {
		for x := range w {
			i := y*w + x
			q := int(dctQ[(y%8)*8+x%8])
			c := r.IntN(2001) - 1000
			coefS[i] = int16(c)
			coefF[i] = float32(c) + r.Float32() - 0.5
			wantF[i] = float32(math.Round(float64(coefF[i]/float32(q)))) * float32(q)
			a := (abs(c) + q/2) / q * q
			if c < 0 {
				a = -a
			}
			wantS[i] = int16(a)
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: w / 8, Y: h / 8}, Block: gocuda.Dim3{X: 8, Y: 8}}
	gotF := agree(t, func(f form) ([]float32, error) {
		d := append([]float32(nil), coefF...)
		return d, f.launch(cfg, CUDAKernelQuantizationFloatKernel(d, w, dctQ))
	})
	require.Equal(t, wantF, gotF)
	gotS := agree(t, func(f form) ([]int16, error) {
		d := append([]int16(nil), coefS...)
		return d, f.launch(cfg, CUDAKernelQuantizationShortKernel(d, w, dctQ))
	})
	require.Equal(t, wantS, gotS)
}
