package hecbenchatok

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHaloFinderStep10 runs Step10_kernel for 37 particles against 45
// (neither a multiple of the tiles, so that both remainder loops run),
// with 32×4 blocks in a 2×3 grid (so that both grid-stride loops take
// several turns), against the sum of the pairwise forces. The warps'
// atomicAdds sum in an order the paths may not share, so each path is
// compared to the reference alone.
func TestHaloFinderStep10(t *testing.T) {
	const count, count1 = 37, 45
	const fsrrmax2, rsm2, fcoeff = 1.5, 0.01, 0.5
	r := rng(count, count1)
	xx, yy, zz, mass := randF32(r, count), randF32(r, count), randF32(r, count), randF32(r, count)
	xx1, yy1, zz1, mass1 := randF32(r, count1), randF32(r, count1), randF32(r, count1), randF32(r, count1)
	v0 := randF32(r, 3*count)
	want := append([]float32(nil), v0...)
	for i := range count {
		var ax, ay, az float64
		for j := range count1 {
			dx, dy, dz := xx1[j]-xx[i], yy1[j]-yy[i], zz1[j]-zz[i]
			r2 := dx*dx + dy*dy + dz*dz
			v := r2 + rsm2
			f := 1 / sqrtf(v*v*v)
			f *= mass1[j] * b2f(r2 < fsrrmax2 && r2 > 0)
			ax += float64(f * dx)
			ay += float64(f * dy)
			az += float64(f * dz)
		}
		want[i] += float32(ax) * fcoeff
		want[count+i] += float32(ay) * fcoeff
		want[2*count+i] += float32(az) * fcoeff
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2, Y: 3}, Block: gocuda.Dim3{X: hfBlockX, Y: hfBlockY}}
	got := both(t, func(f form) ([]float32, error) {
		v := append([]float32(nil), v0...)
		return v, f.launch(cfg, Step10Kernel(count, count1, xx, yy, zz, mass, xx1, yy1, zz1, mass1,
			v[:count], v[count:2*count], v[2*count:], fsrrmax2, rsm2, fcoeff))
	})
	for i, g := range got {
		nearSlice(t, want, g, 1e-3, "Step10_kernel form %d", i)
	}
}
