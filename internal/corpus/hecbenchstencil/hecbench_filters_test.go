package hecbenchstencil

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// randPixels returns n random RGBA pixels, as uchar4s and packed.
func randPixels(seed, n int) ([]Uchar4, []uint32) {
	r := rng(seed, n)
	px := make([]Uchar4, n)
	packed := make([]uint32, n)
	for i := range px {
		v := r.Uint32()
		packed[i] = v
		px[i] = Uchar4{uint8(v), uint8(v >> 8), uint8(v >> 16), uint8(v >> 24)}
	}
	return px, packed
}

// TestBoxFilter runs row_kernel and col_kernel with BoxFilterGPU's launch
// shapes (row blocks of 90 threads, column blocks of 64) and RADIUS 10 on
// a 150×40 image against box sums computed directly: the row pass with
// zeros past the edges, the column pass with the edge pixels repeated
// (row 0 of the output, which col_kernel never writes, stays zero). The
// sums are of integers, exact in float32, so the results are equal.
func TestBoxFilter(t *testing.T) {
	const w, h, radius = 150, 40, 10
	const scale = float32(1.0) / (2.0*radius + 1.0)
	px, _ := randPixels(w, h*w)
	iRadiusAligned := ((radius + 15) / 16) * 16
	numOut := 64
	if 256 < iRadiusAligned+numOut+radius {
		numOut = 256 - iRadiusAligned - radius
	}
	// reference
	wantTmp := make([]uint32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var s Float4
			for k := x - radius; k <= x+radius; k++ {
				if k >= 0 && k < w {
					p := px[y*w+k]
					s = addF4(s, Float4{float32(p.X), float32(p.Y), float32(p.Z), float32(p.W)})
				}
			}
			wantTmp[y*w+x] = rgbaFloat4ToUint(s, scale)
		}
	}
	want := make([]uint32, w*h)
	for y := 1; y < h; y++ {
		for x := 0; x < w; x++ {
			var s Float4
			for k := y - radius; k <= y+radius; k++ {
				s = addF4(s, rgbaUintToFloat4(wantTmp[min(max(k, 0), h-1)*w+x]))
			}
			want[y*w+x] = rgbaFloat4ToUint(s, scale)
		}
	}
	type res struct{ tmp, out []uint32 }
	got := agree(t, func(f form) (res, error) {
		tmp, out := make([]uint32, w*h), make([]uint32, w*h)
		blk := iRadiusAligned + numOut + radius
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (w + numOut - 1) / numOut, Y: h}, Block: gocuda.Dim3{X: blk},
			SharedMem: 4 * blk}, BoxRowKernel(px, tmp, w, h, radius, iRadiusAligned, scale, uint32(numOut))); err != nil {
			return res{}, err
		}
		return res{tmp, out}, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (w + 63) / 64}, Block: gocuda.Dim3{X: 64}},
			BoxColKernel(tmp, out, w, h, radius, scale))
	})
	require.Equal(t, wantTmp, got.tmp, "row pass")
	require.Equal(t, want, got.out, "column pass")
}

// medianFilterHost is MedianFilterHost.cpp's MedianFilterHost: the 3×3
// median of each channel by the same binary search, zero past the edges.
func medianFilterHost(in []uint32, w, h int) []uint32 {
	out := make([]uint32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			est := [3]float32{128, 128, 128}
			lo := [3]float32{0, 0, 0}
			hi := [3]float32{255, 255, 255}
			for s := 0; s < 8; s++ {
				var cnt [3]uint32
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						var p uint32
						if xx, yy := x+dx, y+dy; xx >= 0 && xx < w && yy >= 0 && yy < h {
							p = in[yy*w+xx]
						}
						for c := 0; c < 3; c++ {
							cnt[c] += b2u(est[c] < float32((p>>(8*c))&0xff))
						}
					}
				}
				for c := 0; c < 3; c++ {
					if cnt[c] > 4 {
						lo[c] = est[c]
					} else {
						hi[c] = est[c]
					}
					est[c] = 0.5 * (hi[c] + lo[c])
				}
			}
			out[y*w+x] = 0xff&uint32(est[0]+0.5) | 0xff00&(uint32(est[1]+0.5)<<8) | 0xff0000&(uint32(est[2]+0.5)<<16)
		}
	}
	return out
}

// TestMedianFilter runs ckMedian with the host code's 16×4 blocks on
// 53×37 and 40×24 images against MedianFilterHost. The grid covers the
// rows rounded up to 4, and a thread of the row past the last writes
// there (its iDevYPrime is still below the height), as in the original,
// whose buffers are sized for the largest image: the output has a spare
// row, which the comparison leaves out.
func TestMedianFilter(t *testing.T) {
	for _, sz := range [][2]int{{53, 37}, {40, 24}} {
		w, h := sz[0], sz[1]
		px, packed := randPixels(w, w*h)
		want := medianFilterHost(packed, w, h)
		const bx, by = 16, 4
		got := agree(t, func(f form) ([]uint32, error) {
			out := make([]uint32, (h+1)*w)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (w + bx - 1) / bx, Y: (h + by - 1) / by}, Block: gocuda.Dim3{X: bx, Y: by},
				SharedMem: 4 * (bx + 2) * (by + 2)}, CkMedianKernel(px, out, bx+2, w, h))
		})
		require.Equal(t, want, got[:w*h], fmt.Sprintf("%d×%d", w, h))
	}
}

// morphologyRef is erode or dilate computed directly: the horizontal pass
// writes each full window's minimum (maximum) at its centre into a zeroed
// buffer, the vertical pass likewise down the columns, its top and bottom
// selSize/2 rows the border value.
func morphologyRef(op morphOpType, img []uint8, w, h, hs, vs int) []uint8 {
	tmp := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x+hs/2 < w-hs/2; x++ {
			v := img[y*w+x]
			for k := 1; k < hs; k++ {
				v = elementOp(op, v, img[y*w+x+k])
			}
			tmp[y*w+x+hs/2] = v
		}
	}
	out := make([]uint8, w*h)
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			if y+vs/2 < h-vs/2 {
				v := tmp[y*w+x]
				for k := 1; k < vs; k++ {
					v = elementOp(op, v, tmp[(y+k)*w+x])
				}
				out[(y+vs/2)*w+x] = v
			}
			if y < vs/2 || y >= h-vs/2 {
				out[y*w+x] = borderValue(op)
			}
		}
	}
	return out
}

// TestMorphology runs dilation and erosion as morphology() launches them
// (blocks of hsize×1 and 1×vsize, so partial blocks at the right and
// bottom) on a 37×29 image of random black and white pixels.
func TestMorphology(t *testing.T) {
	const w, h = 37, 29
	r := rng(w, h)
	img := make([]uint8, w*h)
	for i := range img {
		if r.IntN(5) == 0 {
			img[i] = morphWhite
		}
	}
	for _, sel := range [][2]int{{5, 7}, {3, 9}} {
		hs, vs := sel[0], sel[1]
		for _, op := range []morphOpType{morphDilate, morphErode} {
			want := morphologyRef(op, img, w, h, hs, vs)
			got := agree(t, func(f form) ([]uint8, error) {
				tmp, out := make([]uint8, w*h), make([]uint8, w*h)
				if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (w + hs - 1) / hs, Y: h}, Block: gocuda.Dim3{X: hs},
					SharedMem: 4 * hs}, VhgwHorizKernel(op, tmp, img, w, h, hs)); err != nil {
					return nil, err
				}
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: w, Y: (h + vs - 1) / vs}, Block: gocuda.Dim3{Y: vs},
					SharedMem: 4 * vs}, VhgwVertKernel(op, out, tmp, w, h, vs))
			})
			require.Equal(t, want, got, fmt.Sprintf("op %d sel %dx%d", op, hs, vs))
		}
	}
}
