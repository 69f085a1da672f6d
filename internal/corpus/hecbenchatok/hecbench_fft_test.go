package hecbenchatok

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestFFT runs fft1D_512 on three 512-point signals (three blocks of 64),
// against a direct DFT, and ifft1D_512 on its output, against the
// signals, as main.cu verifies both.
func TestFFT(t *testing.T) {
	const nfft = 3
	r := rng(nfft, 512)
	src := make([]Double2, nfft*512)
	for i := range src {
		src[i] = Double2{2*r.Float64() - 1, 2*r.Float64() - 1}
	}
	want := make([]Double2, len(src))
	for f := range nfft {
		for k := range 512 {
			var s Double2
			for n := range 512 {
				s = cmplxAdd(s, cmplxMul(src[f*512+n], expI(-2*math.Pi*float64(k*n%512)/512)))
			}
			want[f*512+k] = s
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: nfft}, Block: gocuda.Dim3{X: 64}}
	type result struct{ fwd, inv []Double2 }
	got := agree(t, func(f form) (result, error) {
		w := append([]Double2(nil), src...)
		if err := f.launch(cfg, Fft1D512Kernel(w)); err != nil {
			return result{}, err
		}
		fwd := append([]Double2(nil), w...)
		return result{fwd, w}, f.launch(cfg, Ifft1D512Kernel(w))
	})
	flat := func(s []Double2) []float64 {
		o := make([]float64, 0, 2*len(s))
		for _, v := range s {
			o = append(o, v.X, v.Y)
		}
		return o
	}
	nearSlice(t, flat(want), flat(got.fwd), 1e-9, "fft1D_512")
	nearSlice(t, flat(src), flat(got.inv), 1e-12, "ifft1D_512")
}
