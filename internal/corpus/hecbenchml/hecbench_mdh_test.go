package hecbenchml

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestMdh runs mdh, mdh2 and mdh3 as mdh-cuda's run_gpu_kernel does, on
// 300 atoms (not a multiple of the work-group size 64, so that the last
// batch shrinks lsize) and 1000 grid points padded to ngadj = 1024, with
// the benchmark's pre1, xkappa and sizes, against its run_cpu_kernel (in
// float64) on the first ngrid points.
func TestMdh(t *testing.T) {
	const natom, ngrid, wgsize = 300, 1000, 64
	const ngadj = ngrid + (512 - (ngrid & 511))
	const pre1, xkappa = float32(4.46184985145e19), float32(0.0735516324639)
	r := rng(natom, ngrid)
	ax, ay, az, charge, size := make([]float32, natom), make([]float32, natom), make([]float32, natom), make([]float32, natom), make([]float32, natom)
	for i := range natom {
		ax[i], ay[i], az[i], charge[i], size[i] = r.Float32(), r.Float32(), r.Float32(), r.Float32(), natom
	}
	gx, gy, gz := make([]float32, ngadj), make([]float32, ngadj), make([]float32, ngadj)
	for i := range ngrid {
		gx[i], gy[i], gz[i] = r.Float32(), r.Float32(), r.Float32()
	}
	want := make([]float32, ngrid)
	for g := range ngrid {
		sum := 0.0
		for a := range natom {
			dx, dy, dz := float64(gx[g]-ax[a]), float64(gy[g]-ay[a]), float64(gz[g]-az[a])
			dist := math.Sqrt(dx*dx + dy*dy + dz*dz)
			k, s := float64(xkappa), float64(size[a])
			sum += float64(pre1) * (float64(charge[a]) / dist) * math.Exp(-k*(dist-s)) / (1 + k*s)
		}
		want[g] = float32(sum)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: ngadj / 4 / wgsize}, Block: gocuda.Dim3{X: wgsize}, SharedMem: 4 * 5 * wgsize}
	for _, k := range []struct {
		name string
		kern func(ax, ay, az, gx, gy, gz, charge, size, val []float32, pre1, xkappa float32, natom int) func(*gocuda.Thread)
	}{{"mdh", MdhKernel}, {"mdh2", Mdh2Kernel}, {"mdh3", Mdh3Kernel}} {
		got := agree(t, func(f form) ([]float32, error) {
			val := make([]float32, ngadj)
			return val, f.launch(cfg, k.kern(ax, ay, az, gx, gy, gz, charge, size, val, pre1, xkappa, natom))
		})
		nearSlice(t, want, got[:ngrid], 1e-4, k.name)
	}
}
