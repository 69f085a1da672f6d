package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file holds the solvers of PolyBench/GPU 1.0
// (sgrauerg/polybenchGpu): CUDA/GRAMSCHM/gramschmidt.cu and
// CUDA/LU/lu.cu, DATA_TYPE float, launched by the host once per column k.

// GramschmidtKernel1 is gramschmidt_kernel1 of gramschmidt.cu: thread 0
// alone computes the norm of column k into r[k][k].
//
//gocuda:kernel GramschmidtKernel1
func gramschmidtKernel1(t *gocuda.Thread, ni, nj int, a, r, q []float32, k int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if tid == 0 {
		var nrm float32 = 0.0
		for i := 0; i < ni; i++ {
			nrm += a[i*nj+k] * a[i*nj+k]
		}
		r[k*nj+k] = sqrtf(nrm)
	}
}

// GramschmidtKernel2 is gramschmidt_kernel2 of gramschmidt.cu: column k of
// Q, a thread per row.
//
//gocuda:kernel GramschmidtKernel2
func gramschmidtKernel2(t *gocuda.Thread, ni, nj int, a, r, q []float32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i < ni {
		q[i*nj+k] = a[i*nj+k] / r[k*nj+k]
	}
}

// GramschmidtKernel3 is gramschmidt_kernel3 of gramschmidt.cu: row k of
// R and the update of the columns after k, a thread per column.
//
//gocuda:kernel GramschmidtKernel3
func gramschmidtKernel3(t *gocuda.Thread, ni, nj int, a, r, q []float32, k int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j > k && j < nj {
		r[k*nj+j] = 0.0
		for i := 0; i < ni; i++ {
			r[k*nj+j] += q[i*nj+k] * a[i*nj+j]
		}
		for i := 0; i < ni; i++ {
			a[i*nj+j] -= q[i*nj+k] * r[k*nj+j]
		}
	}
}

// LuKernel1 is lu_kernel1 of lu.cu: row k divided by its pivot.
//
//gocuda:kernel LuKernel1
func luKernel1(t *gocuda.Thread, n int, a []float32, k int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j > k && j < n {
		a[k*n+j] = a[k*n+j] / a[k*n+k]
	}
}

// LuKernel2 is lu_kernel2 of lu.cu: the trailing submatrix updated.
//
//gocuda:kernel LuKernel2
func luKernel2(t *gocuda.Thread, n int, a []float32, k int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i > k && j > k && i < n && j < n {
		a[i*n+j] = a[i*n+j] - a[i*n+k]*a[k*n+j]
	}
}
