package hecbenchltoz

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLsqtVector runs lsqt-cuda's vector kernels on 3 moments of 1000
// atoms (4 blocks of 256, the last partial): gpu_apply_sz, then
// gpu_find_inner_product_1 for each moment at its offset and
// gpu_find_inner_product_2 over them, and gpu_set_zero, against the
// program's cpu_ functions.
func TestLsqtVector(t *testing.T) {
	const atoms, moments = 1000, 3
	const grid = (atoms-1)/lsqtBlockSize + 1
	r := rng(atoms, moments)
	rnd := func() []float64 {
		s := make([]float64, atoms)
		for i := range s {
			s[i] = 2*r.Float64() - 1
		}
		return s
	}
	fr, fi, rr, ri := rnd(), rnd(), rnd(), rnd()
	// cpu_apply_sz, cpu_find_inner_product_1 and _2
	szR, szI := make([]float64, atoms), make([]float64, atoms)
	for i := range atoms {
		szR[i], szI[i] = fr[i], fi[i]
		if i%2 != 0 {
			szR[i], szI[i] = -fr[i], -fi[i]
		}
	}
	want1R, want1I := make([]float64, grid*moments), make([]float64, grid*moments)
	for mo := range moments {
		for m := range grid {
			for k := range lsqtBlockSize {
				n := m*lsqtBlockSize + k
				if n < atoms {
					a, b := szR[n], szI[n]
					if mo == 1 {
						a, b = fr[n], fi[n]
					}
					want1R[mo*grid+m] += a*rr[n] + b*ri[n]
					want1I[mo*grid+m] += b*rr[n] - a*ri[n]
				}
			}
		}
	}
	want2R, want2I := make([]float64, moments), make([]float64, moments)
	for mo := range moments {
		for k := range grid {
			want2R[mo] += want1R[mo*grid+k]
			want2I[mo] += want1I[mo*grid+k]
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: lsqtBlockSize}}
	got := agree(t, func(f form) ([6][]float64, error) {
		oR, oI := make([]float64, atoms), make([]float64, atoms)
		p1R, p1I := make([]float64, grid*moments), make([]float64, grid*moments)
		p2R, p2I := make([]float64, moments), make([]float64, moments)
		if err := f.launch(cfg, GpuApplySzKernel(atoms, fr, fi, oR, oI)); err != nil {
			return [6][]float64{}, err
		}
		for mo := range moments {
			a, b := oR, oI
			if mo == 1 {
				a, b = fr, fi
			}
			if err := f.launch(cfg, GpuFindInnerProduct1Kernel(atoms, a, b, rr, ri, p1R, p1I, mo*grid)); err != nil {
				return [6][]float64{}, err
			}
		}
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: moments}, Block: gocuda.Dim3{X: lsqtBlockSize}},
			GpuFindInnerProduct2Kernel(atoms, p1R, p1I, p2R, p2I)); err != nil {
			return [6][]float64{}, err
		}
		zr, zi := rnd(), rnd()
		err := f.launch(cfg, GpuSetZeroKernel(atoms, zr, zi))
		return [6][]float64{oR, p1R, p1I, p2R, p2I, append(zr, zi...)}, err
	})
	require.Equal(t, szR, got[0])
	nearSlice(t, want1R, got[1], 1e-12, "inner product 1 real")
	nearSlice(t, want1I, got[2], 1e-12, "inner product 1 imag")
	nearSlice(t, want2R, got[3], 1e-12, "inner product 2 real")
	nearSlice(t, want2I, got[4], 1e-12, "inner product 2 imag")
	require.Equal(t, make([]float64, 2*atoms), got[5])
}
