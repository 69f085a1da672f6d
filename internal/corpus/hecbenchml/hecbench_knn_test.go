package hecbenchml

import (
	"math"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestKnn runs knn-cuda's knn_parallel: 100 reference points and 40
// queries of dimension 5 (neither a multiple of the 16×16 tiles), the
// distances, the insertion sort of each query's column and the square
// roots of the first k = 7 rows, against the k nearest reference points
// found by sorting all distances.
func TestKnn(t *testing.T) {
	const refW, queryW, dim, k = 100, 40, 5, 7
	r := rng(refW, queryW, dim)
	ref, query := randF32(r, refW*dim), randF32(r, queryW*dim)
	wantAB := make([]float32, refW*queryW)
	wantD := make([]float32, k*queryW)
	wantI := make([]int32, k*queryW)
	for q := range queryW {
		order := make([]int, refW)
		d := make([]float64, refW)
		for i := range refW {
			s := 0.0
			for c := range dim {
				diff := float64(ref[c*refW+i]) - float64(query[c*queryW+q])
				s += diff * diff
			}
			d[i], order[i] = s, i
			wantAB[i*queryW+q] = float32(s)
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmpF(d[a], d[b]) })
		for j := range k {
			wantD[j*queryW+q] = float32(math.Sqrt(d[order[j]]))
			wantI[j*queryW+q] = int32(order[j])
		}
	}
	got := agree(t, func(f form) ([3][]float32, error) {
		dist := make([]float32, refW*queryW)
		ind := make([]int32, queryW*k)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (queryW + 15) / 16, Y: (refW + 15) / 16}, Block: gocuda.Dim3{X: 16, Y: 16}},
			CuComputeDistanceGlobalKernel(ref, refW, query, queryW, dim, dist))
		if err != nil {
			return [3][]float32{}, err
		}
		ab := append([]float32(nil), dist...)
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (queryW + 255) / 256}, Block: gocuda.Dim3{X: 256}},
			CuInsertionSortKernel(dist, ind, queryW, refW, k)); err != nil {
			return [3][]float32{}, err
		}
		err = f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (queryW + 15) / 16, Y: (k + 15) / 16}, Block: gocuda.Dim3{X: 16, Y: 16}},
			CuParallelSqrtKernel(dist, queryW, k))
		fi := make([]float32, len(ind))
		for i, v := range ind {
			fi[i] = float32(v)
		}
		return [3][]float32{ab, dist[:k*queryW], fi}, err
	})
	nearSlice(t, wantAB, got[0], 1e-5, "cuComputeDistanceGlobal")
	nearSlice(t, wantD, got[1], 1e-5, "distances")
	for i := range wantI {
		if float32(wantI[i]) != got[2][i] {
			t.Fatalf("index %d: want %d, got %v", i, wantI[i], got[2][i])
		}
	}
}

// cmpF orders float64s.
func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
