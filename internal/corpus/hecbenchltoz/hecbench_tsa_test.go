package hecbenchltoz

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// tsaPairs is reference.h's kernel1 to kernel4 of tsa-cuda: one half
// step over the checkerboard's pairs, vertical (first row offset 0 or
// 1) or horizontal.
func tsaPairs(pr, pi []float32, a, b float32, width, height int, vertical bool, odd int) {
	pair := func(idx, peer int) {
		tr, ti := pr[idx], pi[idx]
		pr[idx] = a*tr - b*pi[peer]
		pi[idx] = a*ti + b*pr[peer]
		pr[peer] = a*pr[peer] - b*ti
		pi[peer] = a*pi[peer] + b*tr
	}
	if vertical {
		for x := odd; x < width; x += 2 {
			pair(x, x+width)
		}
		for y := 1; y < height-1; y++ {
			start := y*width + y%2
			if odd == 1 {
				start = y*width + 1 - y%2
			}
			for idx := start; idx < (y+1)*width; idx += 2 {
				pair(idx, idx+width)
			}
		}
		return
	}
	for y := range height {
		start := y*width + y%2
		if odd == 1 {
			start = y*width + 1 - y%2
		}
		for idx := start; idx < (y+1)*width-1; idx += 2 {
			pair(idx, idx+1)
		}
	}
}

// TestTsa runs tsa-cuda's float kernel twice (ping-pong buffers) on a
// 50×130 wave packet (5×2 blocks of 16×16, the last of each row and
// column partial), against reference.h's reference within the
// program's 1e-3.
func TestTsa(t *testing.T) {
	const width, height, repeat = 50, 130, 2
	a, b := float32(math.Cos(0.02)), float32(math.Sin(0.02))
	pr, pi := make([]float32, width*height), make([]float32, width*height)
	for j := 1; j <= height; j++ {
		for i := 1; i <= width; i++ {
			v := complex(math.Exp(-(math.Pow(float64(i)-25, 2)+math.Pow(float64(j)-60, 2))/(2*16*16)), 0) *
				cmplx.Exp(complex(0, 0.4*float64(i+j-80)))
			pr[(j-1)*width+i-1], pi[(j-1)*width+i-1] = float32(real(v)), float32(imag(v))
		}
	}
	wr, wi := append([]float32(nil), pr...), append([]float32(nil), pi...)
	for range repeat {
		for _, s := range []struct {
			vertical bool
			odd      int
		}{{true, 0}, {false, 0}, {true, 1}, {false, 1}, {false, 1}, {true, 1}, {false, 0}, {true, 0}} {
			tsaPairs(wr, wi, a, b, width, height, s.vertical, s.odd)
		}
	}
	grid := gocuda.Dim3{
		X: (width + (tsaBlockX - 2*tsaSteps*tsaMarginX) - 1) / (tsaBlockX - 2*tsaSteps*tsaMarginX),
		Y: (height + (tsaBlockY - 2*tsaSteps*tsaMarginY) - 1) / (tsaBlockY - 2*tsaSteps*tsaMarginY),
	}
	got := agree(t, func(f form) ([2][]float32, error) {
		re := [2][]float32{append([]float32(nil), pr...), make([]float32, width*height)}
		imag := [2][]float32{append([]float32(nil), pi...), make([]float32, width*height)}
		sense := 0
		for range repeat {
			err := f.launch(gocuda.Config{Grid: grid, Block: gocuda.Dim3{X: tsaBlockX, Y: tsaStrideY}},
				TsaKernel(a, b, width, height, re[sense], imag[sense], re[1-sense], imag[1-sense]))
			if err != nil {
				return [2][]float32{}, err
			}
			sense = 1 - sense
		}
		return [2][]float32{re[sense], imag[sense]}, nil
	})
	nearSlice(t, wr, got[0], 1e-3, "real")
	nearSlice(t, wi, got[1], 1e-3, "imaginary")
}
