package hecbenchstencil

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// gaussParms is main.h's GaussParms, as PreProcessGaussParms fills it.
type gaussParms struct{ ema, a0, a1, a2, a3, b1, b2, coefp, coefn float32 }

// preProcessGaussParms is RecursiveGaussianHost.cpp's PreProcessGaussParms
// for order 0.
func preProcessGaussParms(fSigma float32) gaussParms {
	alpha := 1.695 / fSigma
	ema := float32(math.Exp(float64(-alpha)))
	ema2 := float32(math.Exp(float64(-2 * alpha)))
	p := gaussParms{ema: ema, b1: -2 * ema, b2: ema2}
	k := (1 - ema) * (1 - ema) / (1 + (2 * alpha * ema) - ema2)
	p.a0 = k
	p.a1 = k * (alpha - 1) * ema
	p.a2 = k * (alpha + 1) * ema
	p.a3 = -k * ema2
	p.coefp = (p.a0 + p.a1) / (1 + p.b1 + p.b2)
	p.coefn = (p.a2 + p.a3) / (1 + p.b1 + p.b2)
	return p
}

// rgHostPack is the host's rgbaFloat4ToUint: negatives clamped to zero.
func rgHostPack(c [4]float32) uint32 {
	var v uint32
	for i, x := range c {
		v |= (uint32(max(x, 0)) & 0xff) << (8 * i)
	}
	return v
}

func rgHostUnpack(p uint32) [4]float32 {
	return [4]float32{float32(p & 0xff), float32(p >> 8 & 0xff), float32(p >> 16 & 0xff), float32(p >> 24 & 0xff)}
}

// recursiveGaussianHost is RecursiveGaussianRGBAHost (CLAMP_TO_EDGE) or,
// with simple, SimpleRecursiveGaussianRGBAHost, one column at a time.
func recursiveGaussianHost(in []uint32, w, h int, p gaussParms, simple bool) []uint32 {
	out := make([]uint32, w*h)
	for X := 0; X < w; X++ {
		var xp, yp, yb, yc [4]float32
		if simple {
			yp = rgHostUnpack(in[X])
		} else {
			xp = rgHostUnpack(in[X])
			for i := range yb {
				yb[i] = xp[i] * p.coefp
				yp[i] = yb[i]
			}
		}
		for Y := 0; Y < h; Y++ {
			xc := rgHostUnpack(in[Y*w+X])
			for i := range yc {
				if simple {
					yc[i] = xc[i] + (yp[i]-xc[i])*p.ema
				} else {
					yc[i] = (p.a0 * xc[i]) + (p.a1 * xp[i]) - (p.b1 * yp[i]) - (p.b2 * yb[i])
				}
			}
			out[Y*w+X] = rgHostPack(yc)
			xp, yb, yp = xc, yp, yc
		}
		var xn, xa, yn, ya [4]float32
		xn = rgHostUnpack(in[(h-1)*w+X])
		xa = xn
		for i := range yn {
			yn[i] = xn[i] * p.coefn
			ya[i] = yn[i]
		}
		yp = xn
		for Y := h - 1; Y > -1; Y-- {
			xc := rgHostUnpack(in[Y*w+X])
			t := rgHostUnpack(out[Y*w+X])
			for i := range yc {
				if simple {
					yc[i] = xc[i] + (yp[i]-xc[i])*p.ema
					t[i] = (t[i] + yc[i]) * 0.5
				} else {
					yc[i] = (p.a2 * xn[i]) + (p.a3 * xa[i]) - (p.b1 * yn[i]) - (p.b2 * ya[i])
					t[i] += yc[i]
				}
			}
			xa, xn, ya, yn, yp = xn, xc, yn, yc, yc
			out[Y*w+X] = rgHostPack(t)
		}
	}
	return out
}

// transposeHost is TransposeHost.
func transposeHost(in []uint32, w, h int) []uint32 {
	out := make([]uint32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			out[x*h+y] = in[y*w+x]
		}
	}
	return out
}

// TestRecursiveGaussian runs GPUGaussianFilterRGBA's sequence (filter,
// transpose, filter, transpose) with the full and the simple filter, on a
// 300×70 image (neither a multiple of 256 nor of 16), with sigma 10, against
// HostRecursiveGaussianRGBA. The kernels' rgbaFloat4ToUint does not clamp
// negatives as the host's does: the input is kept in [64, 192) so that no
// channel goes negative.
func TestRecursiveGaussian(t *testing.T) {
	const w, h = 300, 70
	r := rng(w, h)
	in := make([]uint32, w*h)
	for i := range in {
		for c := 0; c < 4; c++ {
			in[i] |= uint32(64+r.IntN(128)) << (8 * c)
		}
	}
	p := preProcessGaussParms(10)
	for _, simple := range []bool{false, true} {
		tmp := recursiveGaussianHost(in, w, h, p, simple)
		tr := transposeHost(tmp, w, h)
		tmp = recursiveGaussianHost(tr, h, w, p, simple)
		want := transposeHost(tmp, h, w)
		filter := func(in, out []uint32, w, h int) func(*gocuda.Thread) {
			if simple {
				return SimpleRecursiveRGBAKernel(in, out, w, h, p.ema)
			}
			return RecursiveRGBAKernel(in, out, w, h, p.a0, p.a1, p.a2, p.a3, p.b1, p.b2, p.coefp, p.coefn)
		}
		got := agree(t, func(f form) ([]uint32, error) {
			tmp, out := make([]uint32, w*h), make([]uint32, w*h)
			steps := []struct {
				cfg gocuda.Config
				k   func(*gocuda.Thread)
			}{
				{gocuda.Config{Grid: gocuda.Dim3{X: (w + 255) / 256}, Block: gocuda.Dim3{X: 256}}, filter(in, tmp, w, h)},
				{gocuda.Config{Grid: gocuda.Dim3{X: (w + 15) / 16, Y: (h + 15) / 16}, Block: gocuda.Dim3{X: 16, Y: 16}}, RGTransposeKernel(tmp, out, w, h)},
				{gocuda.Config{Grid: gocuda.Dim3{X: (h + 255) / 256}, Block: gocuda.Dim3{X: 256}}, filter(out, tmp, h, w)},
				{gocuda.Config{Grid: gocuda.Dim3{X: (h + 15) / 16, Y: (w + 15) / 16}, Block: gocuda.Dim3{X: 16, Y: 16}}, RGTransposeKernel(tmp, out, h, w)},
			}
			for _, s := range steps {
				if err := f.launch(s.cfg, s.k); err != nil {
					return nil, err
				}
			}
			return out, nil
		})
		require.Equal(t, want, got, "simple=%v", simple)
	}
}
