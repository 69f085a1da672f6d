package samplesbooks

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// dpidRect is the part of the input an output pixel covers, and the
// weight of input pixel (x, y) in it: the share of the pixel inside.
func dpidRect(p DpidParams, px, py int) (sx, ex, sy, ey float64, cover func(x, y int) float64) {
	sx, ex = float64(px)*float64(p.PWidth), min(float64(px+1)*float64(p.PWidth), float64(p.IWidth))
	sy, ey = float64(py)*float64(p.PHeight), min(float64(py+1)*float64(p.PHeight), float64(p.IHeight))
	cover = func(x, y int) float64 {
		w := min(float64(x+1), ex) - max(float64(x), sx)
		h := min(float64(y+1), ey) - max(float64(y), sy)
		return w * h
	}
	return
}

// dpidGuidanceRef is the DPID paper's guidance image: each output pixel's
// input colours averaged, weighted by coverage.
func dpidGuidanceRef(p DpidParams, in []Uchar3) [][3]float64 {
	out := make([][3]float64, p.OWidth*p.OHeight)
	for py := range int(p.OHeight) {
		for px := range int(p.OWidth) {
			sx, ex, sy, ey, cover := dpidRect(p, px, py)
			var s [3]float64
			w := 0.0
			for y := int(sy); float64(y) < ey; y++ {
				for x := int(sx); float64(x) < ex; x++ {
					c, pix := cover(x, y), in[x+y*int(p.IWidth)]
					s[0] += c * float64(pix.X)
					s[1] += c * float64(pix.Y)
					s[2] += c * float64(pix.Z)
					w += c
				}
			}
			out[px+py*int(p.OWidth)] = [3]float64{s[0] / w, s[1] / w, s[2] / w}
		}
	}
	return out
}

// dpidDownRef is the paper's output: the input colours weighted by
// coverage times (distance to the 1-2-1 smoothed guidance)^lambda, or the
// smoothed guidance where all weights are zero.
func dpidDownRef(p DpidParams, in, guide []Uchar3) [][3]float64 {
	ow, oh := int(p.OWidth), int(p.OHeight)
	out := make([][3]float64, ow*oh)
	for py := range oh {
		for px := range ow {
			var avg [3]float64
			aw := 0.0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := px+dx, py+dy
					if x < 0 || y < 0 || x >= ow || y >= oh {
						continue
					}
					wt := float64(int(1) << (2 - abs(dx) - abs(dy)))
					g := guide[x+y*ow]
					avg[0] += wt * float64(g.X)
					avg[1] += wt * float64(g.Y)
					avg[2] += wt * float64(g.Z)
					aw += wt
				}
			}
			avg = [3]float64{avg[0] / aw, avg[1] / aw, avg[2] / aw}
			sx, ex, sy, ey, cover := dpidRect(p, px, py)
			var s [3]float64
			w := 0.0
			for y := int(sy); float64(y) < ey; y++ {
				for x := int(sx); float64(x) < ex; x++ {
					pix := in[x+y*int(p.IWidth)]
					d := math.Sqrt(sq(avg[0]-float64(pix.X))+sq(avg[1]-float64(pix.Y))+sq(avg[2]-float64(pix.Z))) / math.Sqrt(3*255*255)
					f := math.Pow(d, float64(p.Lambda)) * cover(x, y)
					s[0] += f * float64(pix.X)
					s[1] += f * float64(pix.Y)
					s[2] += f * float64(pix.Z)
					w += f
				}
			}
			if w == 0 {
				out[px+py*ow] = avg
			} else {
				out[px+py*ow] = [3]float64{s[0] / w, s[1] / w, s[2] / w}
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sq(x float64) float64 { return x * x }

// nearPixels requires each channel of got to be want's truncated to a
// byte, give or take 1 (the kernels sum in float32, in another order).
func nearPixels(t *testing.T, want [][3]float64, got []Uchar3, msg string) {
	t.Helper()
	require.Len(t, got, len(want))
	for i, w := range want {
		g := [3]uint8{got[i].X, got[i].Y, got[i].Z}
		for c := range 3 {
			require.InDelta(t, math.Floor(w[c]), float64(g[c]), 1, "%s: pixel %d channel %d (want %v)", msg, i, c, w[c])
		}
	}
}

// TestDpid downscales a random 61×47 image to 10×7 (fractional patch
// sizes, so that border pixels count in part) with lambda 0, 0.5 and 1:
// the guidance image against the coverage-weighted mean, the output
// against the paper's weighting, computed from the kernel's guidance.
func TestDpid(t *testing.T) {
	const iw, ih, ow, oh = 61, 47, 10, 7
	r := rng(iw, ih)
	in := make([]Uchar3, iw*ih)
	for i := range in {
		in[i] = Uchar3{uint8(r.Uint32()), uint8(r.Uint32()), uint8(r.Uint32())}
	}
	for _, lambda := range []float32{0, 0.5, 1} {
		p := DpidParams{OWidth: ow, OHeight: oh, IWidth: iw, IHeight: ih,
			PWidth: iw / float32(ow), PHeight: ih / float32(oh), Lambda: lambda, Repeat: 1}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: int(math.Ceil(ow / float64(dpidTsize))), Y: oh}, Block: gocuda.Dim3{X: dpidThreads}}
		type res struct{ guide, out []Uchar3 }
		got := agree(t, func(f form) (res, error) {
			guide, out := make([]Uchar3, ow*oh), make([]Uchar3, ow*oh)
			if err := f.launch(cfg, DpidGuidanceKernel(in, guide, p)); err != nil {
				return res{}, err
			}
			err := f.launch(cfg, DpidDownsamplingKernel(in, guide, p, out))
			return res{guide, out}, err
		})
		nearPixels(t, dpidGuidanceRef(p, in), got.guide, "guidance")
		nearPixels(t, dpidDownRef(p, in, got.guide), got.out, "downsampling")
	}
}
