package samplesbooks

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestShflIntimageRows runs shfl_intimage_rows on 5 random scanlines of
// the sample's 1920 bytes (one block of 120 threads each) against each
// row's inclusive prefix sums.
func TestShflIntimageRows(t *testing.T) {
	const w, h = 1920, 5
	r := rng(w, h)
	pix := make([]byte, w*h)
	for i := range pix {
		pix[i] = byte(r.Uint32())
	}
	img := make([]Uint4, w*h/16)
	for i := range img {
		b := pix[16*i:]
		word := func(k int) uint32 {
			return uint32(b[4*k]) | uint32(b[4*k+1])<<8 | uint32(b[4*k+2])<<16 | uint32(b[4*k+3])<<24
		}
		img[i] = Uint4{word(0), word(1), word(2), word(3)}
	}
	want := make([]uint32, w*h)
	for y := range h {
		s := uint32(0)
		for x := range w {
			s += uint32(pix[y*w+x])
			want[y*w+x] = s
		}
	}
	got := agree(t, func(f form) ([]uint32, error) {
		out := make([]Uint4, w*h/4)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: h}, Block: gocuda.Dim3{X: w / 16}}, ShflIntimageRowsKernel(img, out))
		flat := make([]uint32, 0, w*h)
		for _, v := range out {
			flat = append(flat, v.X, v.Y, v.Z, v.W)
		}
		return flat, err
	})
	require.Equal(t, want, got)
}

// TestShflVerticalShfl runs shfl_vertical_shfl on a 64-column image of the
// 1080 rows it walks (two blocks of 32×8) against each column's inclusive
// prefix sums.
func TestShflVerticalShfl(t *testing.T) {
	const w, h = 64, 1080
	r := rng(w, h)
	img := make([]uint32, w*h)
	for i := range img {
		img[i] = r.Uint32N(1 << 16)
	}
	want := make([]uint32, w*h)
	for x := range w {
		s := uint32(0)
		for y := range h {
			s += img[y*w+x]
			want[y*w+x] = s
		}
	}
	got := agree(t, func(f form) ([]uint32, error) {
		out := append([]uint32(nil), img...)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: w / 32}, Block: gocuda.Dim3{X: 32, Y: 8}}, ShflVerticalShflKernel(out, w, h))
		return out, err
	})
	require.Equal(t, want, got)
}
