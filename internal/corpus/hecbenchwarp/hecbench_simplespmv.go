package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's simpleSpmv benchmark (zjin-lcf/HeCBench at
// f27000a, src/simpleSpmv-cuda/kernels.cu): mv_csr (a row a thread),
// vector_mv_csr<BS> (BS lanes a row, after ROCm's blog, reduced by
// __shfl_down_sync of width BS) and mv_dense. REAL is float (mv.h);
// size_t is int; the template's BS is an argument.

// SpmvCsrKernel is mv_csr of simpleSpmv-cuda.
//
//gocuda:kernel SpmvCsrKernel
func spmvCsrKernel(t *gocuda.Thread, numRows int, rowIndices, colIndices []int, values, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < numRows {
		rowStart := rowIndices[i]
		rowEnd := rowIndices[i+1]
		temp := float32(0)
		for n := rowStart; n < rowEnd; n++ {
			temp += values[n] * x[colIndices[n]]
		}
		y[i] = temp
	}
}

// SpmvVectorCsrKernel is vector_mv_csr<BS> of simpleSpmv-cuda: row m of
// block b is b·blockDim.y+threadIdx.y, its BS lanes (threadIdx.x) striding
// the row and summing by shuffles of width BS.
//
//gocuda:kernel SpmvVectorCsrKernel
func spmvVectorCsrKernel(t *gocuda.Thread, BS int, numRows int, rowIndices, colIndices []int, values, x, y []float32) {
	m := t.BlockIdx.X*t.BlockDim.Y + t.ThreadIdx.Y
	if m < numRows {
		rowStart := rowIndices[m]
		rowEnd := rowIndices[m+1]
		temp := float32(0)
		for n := rowStart + t.ThreadIdx.X; n < rowEnd; n += BS {
			temp += values[n] * x[colIndices[n]]
		}
		for i := BS >> 1; i > 0; i >>= 1 {
			temp += gocuda.ShflDownSync(t, 0xFFFFFFFF, temp, i, BS)
		}
		y[m] = temp
	}
}

// SpmvDenseKernel is mv_dense of simpleSpmv-cuda: a row a thread over the
// dense matrix, skipping zeros.
//
//gocuda:kernel SpmvDenseKernel
func spmvDenseKernel(t *gocuda.Thread, numRows int, matrix, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < numRows {
		temp := float32(0)
		for j := 0; j < numRows; j++ {
			if matrix[i*numRows+j] != 0 {
				temp += matrix[i*numRows+j] * x[j]
			}
		}
		y[i] = temp
	}
}
