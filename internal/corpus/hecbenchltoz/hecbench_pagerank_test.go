package hecbenchltoz

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPageRank runs page-rank-cuda's map and reduce for 5 iterations on
// 100 pages (not a multiple of the block of 32) with random links,
// against the program's sequential loop.
func TestPageRank(t *testing.T) {
	const n, iters = 100, 5
	r := rng(n)
	pages := make([]int32, n*n)
	nout := make([]uint32, n)
	for i := range n {
		for j := range n {
			if i != j && r.IntN(4) == 0 {
				pages[i*n+j] = 1
				nout[i]++
			}
		}
		if nout[i] == 0 {
			pages[i*n+(i+1)%n] = 1
			nout[i] = 1
		}
	}
	ranks := make([]float32, n)
	for i := range ranks {
		ranks[i] = 1 / float32(n)
	}
	wantR, wantD := append([]float32(nil), ranks...), make([]float32, n)
	maps := make([]float32, n*n)
	for range iters {
		for i := range n {
			o := wantR[i] / float32(nout[i])
			for j := range n {
				maps[i*n+j] = float32(pages[i*n+j]) * o
			}
		}
		for j := range n {
			s := float32(0)
			for i := range n {
				s += maps[i*n+j]
			}
			s = (1-pageRankDFactor)/n + pageRankDFactor*s
			wantD[j] = max(fabsf(s-wantR[j]), wantD[j])
			wantR[j] = s
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + 31) / 32}, Block: gocuda.Dim3{X: 32}}
	got := agree(t, func(f form) ([2][]float32, error) {
		pr, dif, m := append([]float32(nil), ranks...), make([]float32, n), make([]float32, n*n)
		for range iters {
			if err := f.launch(cfg, PageRankMapKernel(pages, pr, m, nout, n)); err != nil {
				return [2][]float32{}, err
			}
			if err := f.launch(cfg, PageRankReduceKernel(pr, m, n, dif)); err != nil {
				return [2][]float32{}, err
			}
		}
		return [2][]float32{pr, dif}, nil
	})
	nearSlice(t, wantR, got[0], 1e-5, "ranks")
	nearSlice(t, wantD, got[1], 1e-5, "dif")
}
