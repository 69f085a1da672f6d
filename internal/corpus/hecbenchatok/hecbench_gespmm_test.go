package hecbenchatok

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGeSpmm runs the four spmm_test kernels with tile_row 4 on a 37×80
// CSR matrix whose rows hold 0 to 70 nonzeros (so that warps take 0 to 3
// turns of their staging loop) times a dense 80×70 matrix, whose 70
// columns leave the grid's last column of blocks partial for every
// kernel, against the product in the same order.
func TestGeSpmm(t *testing.T) {
	const rows, k, cols, tileRow = 37, 80, 70, 4
	r := rng(rows, k, cols)
	rowPtr := make([]int32, rows+1)
	var colInd []int32
	var val []float32
	for i := range rows {
		nnz := (i * 13) % 71
		for _, c := range r.Perm(k)[:min(nnz, k)] {
			colInd = append(colInd, int32(c))
			val = append(val, float32(r.IntN(9)-4))
		}
		rowPtr[i+1] = int32(len(colInd))
	}
	b := randF32(r, k*cols)
	want := make([]float32, rows*cols)
	for i := range rows {
		for c := range cols {
			var acc float32
			for p := rowPtr[i]; p < rowPtr[i+1]; p++ {
				acc += val[p] * b[int(colInd[p])*cols+c]
			}
			want[i*cols+c] = acc
		}
	}
	for m, k := range []func(aNrows, bNcols int, aCsrRowPtr, aCsrColInd []int32, aCsrVal, bDnVal, cDnVal []float32) func(*gocuda.Thread){
		SpmmTest1Kernel, SpmmTest2Kernel, SpmmTest3Kernel, SpmmTest4Kernel,
	} {
		per := 32 << m
		cfg := gocuda.Config{
			Grid:      gocuda.Dim3{X: (rows + tileRow - 1) / tileRow, Y: (cols + per - 1) / per},
			Block:     gocuda.Dim3{X: 32, Y: tileRow},
			SharedMem: 32 * tileRow * 8,
		}
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, rows*cols)
			return out, f.launch(cfg, k(rows, cols, rowPtr, colInd, val, b, out))
		})
		nearSlice(t, want, got, 1e-5, fmt.Sprint("spmm_test", m+1))
	}
}
