package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// spmvPrevPowerOf2 is prevPowerOf2 of simpleSpmv-cuda.
func spmvPrevPowerOf2(v int) int {
	v--
	v |= v >> 1
	v |= v >> 2
	v |= v >> 4
	v |= v >> 8
	v |= v >> 16
	v++
	return v >> 1
}

// spmvVectorLanes returns, for each row, the temp each of its lanes holds
// at the end of vector_mv_csr<BS> with blockDim.x = threadsPerRow: the
// lane's strided partial sum, then BS/2, ..., 1 steps of __shfl_down_sync
// of width BS (a source lane past the segment, or past blockDim.x, gives
// the lane's own value).
func spmvVectorLanes(BS, threadsPerRow int, rowIndices, colIndices []int, values, x []float32) [][]float32 {
	out := make([][]float32, len(rowIndices)-1)
	for m := range out {
		part := make([]float32, threadsPerRow)
		for l := range part {
			for n := rowIndices[m] + l; n < rowIndices[m+1]; n += BS {
				part[l] += values[n] * x[colIndices[n]]
			}
		}
		for i := BS >> 1; i > 0; i >>= 1 {
			next := make([]float32, len(part))
			for l := range part {
				if src := l + i; src%BS > l%BS && src < len(part) {
					next[l] = part[l] + part[src]
				} else {
					next[l] = part[l] + part[l]
				}
			}
			part = next
		}
		out[m] = part
	}
	return out
}

// TestSimpleSpmv builds main.cpp's matrices (nnz nonzero values in 1 to 2
// at places a shuffle picks) and runs the three kernels with the host's
// launches for blocks of 32 to 256 against mv_csr_serial. The sizes give
// 2, 8 and 32 lanes a row; each leaves rows past the end of the last
// block but whole warps, so that no full-mask shuffle runs with lanes
// gone (undefined in CUDA). vector_mv_csr's lanes all store their sums to
// y[m], a race whose winner CUDA leaves open (the compiled form and the
// runtime path differ there): its y[m] must be one lane's value, and the
// reference's where it is lane 0's. (Where nnz/num_rows is a power of
// two, prevPowerOf2 halves it; at one lane a row the host still launches
// vector_mv_csr<2>, whose width-2 shuffle then adds the next row's sum
// into even rows: the sizes avoid that.)
func TestSimpleSpmv(t *testing.T) {
	for _, c := range [][2]int{{864, 288}, {2000, 200}, {9600, 240}} {
		nnz, numRows := c[0], c[1]
		r := rng(nnz, numRows)
		n := numRows * numRows
		d := make([]int, n)
		for i := range d {
			d[i] = i
		}
		for i := n; i > 0; i-- {
			a, b := i-1, r.IntN(i)
			d[a], d[b] = d[b], d[a]
		}
		matrix := make([]float32, n)
		for i := range matrix {
			if d[i] < nnz {
				matrix[i] = float32(r.Float64() + 1)
			}
		}
		x := make([]float32, numRows)
		for i := range x {
			x[i] = r.Float32()
		}
		rowIndices := make([]int, numRows+1)
		var colIndices []int
		var values []float32
		for i := range numRows {
			for j := range numRows {
				if matrix[i*numRows+j] != 0 {
					values = append(values, matrix[i*numRows+j])
					colIndices = append(colIndices, j)
				}
			}
			rowIndices[i+1] = len(values)
		}
		want := make([]float32, numRows)
		for row := range numRows {
			var dot float32
			for i := rowIndices[row]; i < rowIndices[row+1]; i++ {
				dot += values[i] * x[colIndices[i]]
			}
			want[row] = dot
		}
		for _, bs := range []int{32, 64, 256} {
			name := fmt.Sprintf("nnz=%d rows=%d bs=%d", nnz, numRows, bs)
			grid := gocuda.Config{Grid: gocuda.Dim3{X: (numRows + bs - 1) / bs}, Block: gocuda.Dim3{X: bs}}
			dense := agree(t, func(f form) ([]float32, error) {
				y := make([]float32, numRows)
				return y, f.launch(grid, SpmvDenseKernel(numRows, matrix, x, y))
			})
			nearSlice(t, want, dense, 1e-5, "mv_dense, %s", name)
			csr := agree(t, func(f form) ([]float32, error) {
				y := make([]float32, numRows)
				return y, f.launch(grid, SpmvCsrKernel(numRows, rowIndices, colIndices, values, x, y))
			})
			nearSlice(t, want, csr, 0, "mv_csr, %s", name)
			threadsPerRow := min(spmvPrevPowerOf2(nnz/numRows), 32)
			rowsPerBlock := max(bs/threadsPerRow, 1)
			BS := 2
			for BS < threadsPerRow {
				BS *= 2
			}
			// Every lane of a row stores its temp to y[m], the original's
			// race: y[m] must hold what one of the row's lanes stores.
			lanes := spmvVectorLanes(BS, threadsPerRow, rowIndices, colIndices, values, x)
			lane0 := make([]float32, numRows)
			for m := range lane0 {
				lane0[m] = lanes[m][0]
			}
			nearSlice(t, want, lane0, 1e-5, "vector_mv_csr<%d>'s lane 0, %s", BS, name)
			vecs := both(t, func(f form) ([]float32, error) {
				y := make([]float32, numRows)
				return y, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (numRows + rowsPerBlock - 1) / rowsPerBlock}, Block: gocuda.Dim3{X: threadsPerRow, Y: rowsPerBlock}},
					SpmvVectorCsrKernel(BS, numRows, rowIndices, colIndices, values, x, y))
			})
			for i, vec := range vecs {
				for m := range numRows {
					require.Contains(t, lanes[m], vec[m], "vector_mv_csr<%d>, %s, %s: row %d", BS, name, forms[i].name, m)
				}
			}
		}
	}
}
