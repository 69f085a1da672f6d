package hecbenchstencil

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMinimod runs one time step's worth of minimod's kernels on a 20³
// grid padded as init_grid pads it (lx = ly = lz = 4, ldimx = nx+16,
// ldimy = ny+8, ldimz rounded up to 32), with ndamp = 3: the PML kernel
// over the front slab z ∈ [0,3) and the bottom slab y ∈ [17,20), the inner
// kernel over [3,17)³ (blocks of 8³ overhanging every region), and the
// source at (10, 10, 10), against the same updates computed point by
// point from the global arrays. u is random everywhere, padding included,
// since the halo loads read it.
func TestMinimod(t *testing.T) {
	const n, l, ndamp = 20, 4, 3
	ldimx, ldimy, ldimz := n+4*l, n+2*l, ((n+2*l+31)/32)*32
	size := ldimx * ldimy * ldimz
	r := rng(n, size)
	rnd := func(lo, hi float32) []float32 {
		s := make([]float32, size)
		for i := range s {
			s[i] = lo + (hi-lo)*r.Float32()
		}
		return s
	}
	u, v0, vp, phi0, eta := rnd(-1, 1), rnd(-1, 1), rnd(0.1, 0.5), rnd(-0.1, 0.1), rnd(0, 0.3)
	cx := [5]float32{-0.5, 0.16, -0.02, 0.003, -0.0002}
	cy := [5]float32{-0.4, 0.15, -0.021, 0.0031, -0.00021}
	cz := [5]float32{-0.3, 0.14, -0.022, 0.0032, -0.00022}
	const hdx2, hdy2, hdz2 = float32(0.25), float32(0.3), float32(0.35)
	coef0 := cx[0] + cy[0] + cz[0]
	idx := func(i, j, k int) int { return int(mmIdx3(int64(i), int64(j), int64(k), l, l, l, ldimy, ldimz)) }
	lapAt := func(i, j, k int) float32 {
		c := idx(i, j, k)
		lap := coef0 * u[c]
		for d := 1; d <= 4; d++ {
			lap += cx[d] * (u[idx(i+d, j, k)] + u[idx(i-d, j, k)])
			lap += cy[d] * (u[idx(i, j+d, k)] + u[idx(i, j-d, k)])
			lap += cz[d] * (u[idx(i, j, k+d)] + u[idx(i, j, k-d)])
		}
		return lap
	}
	type region struct{ x3, x4, y3, y4, z3, z4 int }
	pml := []region{{0, n, 0, n, 0, ndamp}, {0, n, n - ndamp, n, ndamp, n - ndamp}}
	inner := region{ndamp, n - ndamp, ndamp, n - ndamp, ndamp, n - ndamp}
	wantV, wantPhi := append([]float32(nil), v0...), append([]float32(nil), phi0...)
	each := func(rg region, f func(i, j, k, c int)) {
		for i := rg.x3; i < rg.x4; i++ {
			for j := rg.y3; j < rg.y4; j++ {
				for k := rg.z3; k < rg.z4; k++ {
					f(i, j, k, idx(i, j, k))
				}
			}
		}
	}
	for _, rg := range pml {
		each(rg, func(i, j, k, c int) {
			lap := lapAt(i, j, k)
			e := eta[c]
			wantV[c] = ((2*e+2-e*e)*u[c] + (vp[c]*(lap+wantPhi[c]) - wantV[c])) / (2*e + 1)
			wantPhi[c] = (wantPhi[c] - ((eta[idx(i+1, j, k)]-eta[idx(i-1, j, k)])*(u[idx(i+1, j, k)]-u[idx(i-1, j, k)])*hdx2 +
				(eta[idx(i, j+1, k)]-eta[idx(i, j-1, k)])*(u[idx(i, j+1, k)]-u[idx(i, j-1, k)])*hdy2 +
				(eta[idx(i, j, k+1)]-eta[idx(i, j, k-1)])*(u[idx(i, j, k+1)]-u[idx(i, j, k-1)])*hdz2)) / (1 + e)
		})
	}
	each(inner, func(i, j, k, c int) { wantV[c] = 2*u[c] + vp[c]*lapAt(i, j, k) - wantV[c] })
	src := idx(10, 10, 10)
	wantV[src] += 0.5
	cdiv := func(a, b int) int { return (a + b - 1) / b }
	got := agree(t, func(f form) ([2][]float32, error) {
		v, ph := append([]float32(nil), v0...), append([]float32(nil), phi0...)
		launch := func(rg region, inner bool) error {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: cdiv(rg.z4-rg.z3, mmNDim), Y: cdiv(rg.y4-rg.y3, mmNDim), Z: cdiv(rg.x4-rg.x3, mmNDim)},
				Block: gocuda.Dim3{X: mmNDim, Y: mmNDim, Z: mmNDim}}
			k := TargetPml3DKernel
			if inner {
				k = TargetInner3DKernel
			}
			return f.launch(cfg, k(n, n, n, ldimx, ldimy, ldimz,
				int64(rg.x3), int64(rg.x4), int64(rg.y3), int64(rg.y4), int64(rg.z3), int64(rg.z4), l, l, l,
				hdx2, hdy2, hdz2, coef0, cx[1], cx[2], cx[3], cx[4], cy[1], cy[2], cy[3], cy[4], cz[1], cz[2], cz[3], cz[4],
				u, v, vp, ph, eta))
		}
		for _, rg := range pml {
			if err := launch(rg, false); err != nil {
				return [2][]float32{}, err
			}
		}
		if err := launch(inner, true); err != nil {
			return [2][]float32{}, err
		}
		return [2][]float32{v, ph}, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 1}},
			KernelAddSourceKernel(v, int64(src), 0.5))
	})
	nearSlice(t, wantV, got[0], 1e-6, "v")
	nearSlice(t, wantPhi, got[1], 1e-6, "phi")
}
