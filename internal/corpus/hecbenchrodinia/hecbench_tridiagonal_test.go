package hecbenchrodinia

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchTridiagonal solves random diagonally dominant tridiagonal
// systems with the four kernels, launched as pcr_small_systems and
// cyclic_small_systems launch them (a block per system, system_size or
// system_size/2 threads, (system_size+1)·5 floats of dynamic shared
// memory), and compares with the host's Thomas algorithm in float64.
func TestHecbenchTridiagonal(t *testing.T) {
	for _, size := range []int{8, 64, 256} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			const numSystems = 6
			r := rng(size)
			n := size * numSystems
			a, b, c, d := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
			for i := range n {
				a[i], c[i], d[i] = r.Float32(), r.Float32(), r.Float32()
				b[i] = 2 + r.Float32()
				if i%size == 0 {
					a[i] = 0
				}
				if i%size == size-1 {
					c[i] = 0
				}
			}
			want := make([]float32, n)
			for s := range numSystems {
				o := s * size
				cp, dp := make([]float64, size), make([]float64, size)
				for i := range size {
					m := float64(b[o+i])
					dd := float64(d[o+i])
					if i > 0 {
						m -= float64(a[o+i]) * cp[i-1]
						dd -= float64(a[o+i]) * dp[i-1]
					}
					cp[i], dp[i] = float64(c[o+i])/m, dd/m
				}
				x := dp[size-1]
				want[o+size-1] = float32(x)
				for i := size - 2; i >= 0; i-- {
					x = dp[i] - cp[i]*x
					want[o+i] = float32(x)
				}
			}
			iterations := 0
			for v := size / 2; v > 1; v >>= 1 {
				iterations++
			}
			smem := (size + 1) * 5 * 4
			for _, k := range []struct {
				name    string
				threads int
				kernel  func(aD, bD, cD, dD, xD []float32, systemSize, numSystems, iterations int) func(*gocuda.Thread)
			}{
				{"pcr", size, PcrSmallSystemsKernel},
				{"pcr branch-free", size, PcrBranchFreeKernel},
				{"cyclic", size / 2, CyclicSmallSystemsKernel},
				{"cyclic branch-free", size / 2, CyclicBranchFreeKernel},
			} {
				got := agree(t, func(f form) ([]float32, error) {
					x := make([]float32, n)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: numSystems}, Block: gocuda.Dim3{X: k.threads}, SharedMem: smem},
						k.kernel(a, b, c, d, x, size, numSystems, iterations))
					return x, err
				})
				nearSlice(t, want, got, 1e-4, k.name)
			}
		})
	}
}
