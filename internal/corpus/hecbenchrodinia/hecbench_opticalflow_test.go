package hecbenchrodinia

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchOpticalFlowJacobi runs JacobiIteration<32, 6> as
// SolveForUpdate launches it, on an image whose size is not a multiple of
// the block (so that edge threads return after the barrier), and compares
// with the Jacobi step on the host, neighbors clamped at the borders.
func TestHecbenchOpticalFlowJacobi(t *testing.T) {
	const w, h, s, bx, by = 70, 20, 72, 32, 6
	const alpha = 0.2
	r := rng(w, h)
	du0, dv0 := randF32(r, s*h), randF32(r, s*h)
	Ix, Iy, Iz := randF32(r, s*h), randF32(r, s*h), randF32(r, s*h)
	type result struct{ du, dv []float32 }
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (w + bx - 1) / bx, Y: (h + by - 1) / by}, Block: gocuda.Dim3{X: bx, Y: by}}
	got := agree(t, func(f form) (result, error) {
		res := result{make([]float32, s*h), make([]float32, s*h)}
		return res, f.launch(cfg, JacobiIterationKernel(bx, by, du0, dv0, Ix, Iy, Iz, w, h, s, alpha, res.du, res.dv))
	})
	wantU, wantV := make([]float32, s*h), make([]float32, s*h)
	at := func(a []float32, x, y int) float32 {
		return a[min(max(y, 0), h-1)*s+min(max(x, 0), w-1)]
	}
	for y := range h {
		for x := range w {
			p := y*s + x
			sumU := (at(du0, x-1, y) + at(du0, x+1, y) + at(du0, x, y+1) + at(du0, x, y-1)) * 0.25
			sumV := (at(dv0, x-1, y) + at(dv0, x+1, y) + at(dv0, x, y+1) + at(dv0, x, y-1)) * 0.25
			frac := (Ix[p]*sumU + Iy[p]*sumV + Iz[p]) / (Ix[p]*Ix[p] + Iy[p]*Iy[p] + alpha)
			wantU[p], wantV[p] = sumU-Ix[p]*frac, sumV-Iy[p]*frac
		}
	}
	nearSlice(t, wantU, got.du, 1e-5, "du")
	nearSlice(t, wantV, got.dv, 1e-5, "dv")
}
