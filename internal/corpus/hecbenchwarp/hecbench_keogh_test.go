package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestKeogh runs lb_keogh with main.cu's launch (blocks of 256, M+256
// floats of dynamic shared memory) for queries of 16 and 100 over
// subjects of 1000 and 3001 against reference.h within main.cu's 1e-2
// (relative here, the bounds reaching thousands).
func TestKeogh(t *testing.T) {
	for _, c := range [][2]int{{16, 1000}, {100, 3001}} {
		M, N := c[0], c[1]
		r := rng(M, N)
		rnd := func(n int) []float32 {
			s := make([]float32, n)
			for i := range s {
				s[i] = r.Float32()
			}
			return s
		}
		subject, avgs, stds, upper, lower := rnd(N), rnd(N-M+1), rnd(N-M+1), rnd(M), rnd(M)
		want := make([]float32, N-M+1)
		for indx := range want {
			residues := float32(0)
			for i := range M {
				value := (subject[indx+i] - avgs[indx]) / stds[indx]
				lo := value - lower[i]
				up := value - upper[i]
				residues += up*up*b2f(up > 0) + lo*lo*b2f(lo < 0)
			}
			want[indx] = residues
		}
		const blocks = 256
		got := agree(t, func(f form) ([]float32, error) {
			lb := make([]float32, N-M+1)
			return lb, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (N - M + 1 + blocks - 1) / blocks}, Block: gocuda.Dim3{X: blocks}, SharedMem: (M + blocks) * 4},
				LbKeoghKernel(subject, avgs, stds, lb, lower, upper, int32(M), int32(N)))
		})
		nearSlice(t, want, got, 1e-5, fmt.Sprintf("M=%d N=%d", M, N))
	}
}
