package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// aidwReference is reference of aidw-cuda's reference.h.
func aidwReference(dx, dy, dz []float32, ix, iy []float32, area float32, avgDist []float32) []float32 {
	dnum := len(dx)
	iz := make([]float32, len(ix))
	for tid := range iz {
		var sum, z, alpha float32
		rObs := avgDist[tid]
		rExp := 1 / (2 * sqrtf(float32(dnum)/area))
		RS0 := rObs / rExp
		uR := float32(0)
		if RS0 >= aidwRMin {
			uR = 0.5 - 0.5*cosf(3.1415926/aidwRMax*(RS0-aidwRMin))
		}
		if RS0 >= aidwRMax {
			uR = 1
		}
		switch {
		case uR >= 0 && uR <= 0.1:
			alpha = aidwA1
		case uR > 0.1 && uR <= 0.3:
			alpha = aidwA1*(1-5*(uR-0.1)) + aidwA2*5*(uR-0.1)
		case uR > 0.3 && uR <= 0.5:
			alpha = aidwA3*5*(uR-0.3) + aidwA1*(1-5*(uR-0.3))
		case uR > 0.5 && uR <= 0.7:
			alpha = aidwA3*(1-5*(uR-0.5)) + aidwA4*5*(uR-0.5)
		case uR > 0.7 && uR <= 0.9:
			alpha = aidwA5*5*(uR-0.7) + aidwA4*(1-5*(uR-0.7))
		case uR > 0.9 && uR <= 1:
			alpha = aidwA5
		}
		alpha *= 0.5
		for j := range dnum {
			dist := (ix[tid]-dx[j])*(ix[tid]-dx[j]) + (iy[tid]-dy[j])*(iy[tid]-dy[j])
			t := 1 / powf(dist, alpha)
			sum += t
			z += dz[j] * t
		}
		iz[tid] = z / sum
	}
	return iz
}

// TestAidw runs both kernels with main.cu's launch (blocks of 256) on
// main.cu's random data, 1024 data points, against the reference. The
// host's point counts are multiples of 1024; AIDW_Kernel also runs on
// 1000 interpolated points. AIDW_Kernel_Tiled needs whole blocks: its
// threads past the end return before loading their share of each tile,
// which the others then read.
func TestAidw(t *testing.T) {
	const dnum, area = 1024, float32(2000 * 2000)
	r := rng(dnum)
	rnd := func(n int, scale float32) []float32 {
		s := make([]float32, n)
		for i := range s {
			s[i] = r.Float32() * scale
		}
		return s
	}
	dx, dy, dz := rnd(dnum, 1000), rnd(dnum, 1000), rnd(dnum, 1000)
	ix, iy, avgDist := rnd(dnum, 1000), rnd(dnum, 1000), rnd(dnum, 3)
	for _, c := range []struct {
		name  string
		inum  int
		build func(dx, dy, dz []float32, dnum int32, ix, iy, iz []float32, inum int32, area float32, avgDist []float32) func(*gocuda.Thread)
	}{{"AIDW_Kernel", 1024, AidwKernel}, {"AIDW_Kernel", 1000, AidwKernel}, {"AIDW_Kernel_Tiled", 1024, AidwTiledKernel}} {
		want := aidwReference(dx, dy, dz, ix[:c.inum], iy[:c.inum], area, avgDist)
		got := agree(t, func(f form) ([]float32, error) {
			iz := make([]float32, c.inum)
			return iz, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (c.inum + aidwBlockSize - 1) / aidwBlockSize}, Block: gocuda.Dim3{X: aidwBlockSize}},
				c.build(dx, dy, dz, dnum, ix, iy, iz, int32(c.inum), area, avgDist))
		})
		nearSlice(t, want, got, 1e-4, fmt.Sprintf("%s, inum=%d", c.name, c.inum))
	}
}
