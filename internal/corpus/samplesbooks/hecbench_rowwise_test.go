package samplesbooks

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// rowMomentsRef returns each row's mean and 1/sqrt(population variance +
// eps), the statistics RowwiseMomentsKernel documents, in two passes in
// float64.
func rowMomentsRef[T float32 | float64](x []T, rows, n int, eps float64) (mean, rstd []float64) {
	for r := range rows {
		row := x[r*n : (r+1)*n]
		m := 0.0
		for _, v := range row {
			m += float64(v)
		}
		m /= float64(n)
		v := 0.0
		for _, e := range row {
			v += (float64(e) - m) * (float64(e) - m)
		}
		v /= float64(n)
		mean = append(mean, m)
		rstd = append(rstd, 1/math.Sqrt(v+eps))
	}
	return mean, rstd
}

// testRowwiseMoments runs RowwiseMomentsKernel[T] on 6 rows of n values in
// [0, 1) (the benchmark's rand()/RAND_MAX), blocks of kNumThreads (256),
// and compares with the reference within tol.
func testRowwiseMoments[T float32 | float64](t *testing.T, n int, tol float64) {
	const rows, eps = 6, 1e-6
	r := rng(rows, n)
	x := make([]T, rows*n)
	for i := range x {
		x[i] = T(r.Float64())
	}
	wantMean, wantRstd := rowMomentsRef(x, rows, n, eps)
	got := agree(t, func(f form) ([2][]T, error) {
		mean, rstd := make([]T, rows), make([]T, rows)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: rows}, Block: gocuda.Dim3{X: 256}},
			RowwiseMomentsKernel(int64(n), T(eps), x, mean, rstd))
		return [2][]T{mean, rstd}, err
	})
	for i := range rows {
		if d := math.Abs(float64(got[0][i]) - wantMean[i]); d > tol {
			t.Errorf("row %d: mean %v, want %v", i, got[0][i], wantMean[i])
		}
		if d := math.Abs(float64(got[1][i]) - wantRstd[i]); d > tol*wantRstd[i] {
			t.Errorf("row %d: rstd %v, want %v", i, got[1][i], wantRstd[i])
		}
	}
}

// TestRowwiseMoments runs rowwiseMoments-cuda's kernel in float32 (the
// benchmark's) and float64 on rows shorter and longer than the block.
func TestRowwiseMoments(t *testing.T) {
	for _, n := range []int{100, 1000} {
		testRowwiseMoments[float32](t, n, 1e-4)
		testRowwiseMoments[float64](t, n, 1e-10)
	}
}
