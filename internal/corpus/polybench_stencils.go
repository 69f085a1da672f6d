package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file holds the stencils of PolyBench/GPU 1.0
// (sgrauerg/polybenchGpu): CUDA/FDTD-2D/fdtd2d.cu,
// CUDA/JACOBI1D/jacobi1D.cu, CUDA/JACOBI2D/jacobi2D.cu,
// CUDA/2DCONV/2DConvolution.cu and CUDA/3DCONV/3DConvolution.cu,
// DATA_TYPE float. The host launches them once per time step (per plane
// for the 3-D convolution).

// FdtdStep1Kernel is fdtd_step1_kernel of fdtd2d.cu: ey from hz, its
// first row from the source fict[t].
//
//gocuda:kernel FdtdStep1Kernel
func fdtdStep1Kernel(t *gocuda.Thread, nx, ny int, fict, ex, ey, hz []float32, step int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < nx && j < ny {
		if i == 0 {
			ey[i*ny+j] = fict[step]
		} else {
			ey[i*ny+j] = ey[i*ny+j] - 0.5*(hz[i*ny+j]-hz[(i-1)*ny+j])
		}
	}
}

// FdtdStep2Kernel is fdtd_step2_kernel of fdtd2d.cu: ex from hz.
//
//gocuda:kernel FdtdStep2Kernel
func fdtdStep2Kernel(t *gocuda.Thread, nx, ny int, ex, ey, hz []float32, step int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < nx && j < ny && j > 0 {
		ex[i*ny+j] = ex[i*ny+j] - 0.5*(hz[i*ny+j]-hz[i*ny+(j-1)])
	}
}

// FdtdStep3Kernel is fdtd_step3_kernel of fdtd2d.cu: hz from ex and ey.
//
//gocuda:kernel FdtdStep3Kernel
func fdtdStep3Kernel(t *gocuda.Thread, nx, ny int, ex, ey, hz []float32, step int) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < nx-1 && j < ny-1 {
		hz[i*ny+j] = hz[i*ny+j] - 0.7*(ex[i*ny+(j+1)]-ex[i*ny+j]+ey[(i+1)*ny+j]-ey[i*ny+j])
	}
}

// Jacobi1DKernel1 is runJacobiCUDA_kernel1 of jacobi1D.cu: the
// three-point average into B (the double constant makes it a double
// product, stored as float).
//
//gocuda:kernel Jacobi1DKernel1
func jacobi1DKernel1(t *gocuda.Thread, n int, a, b []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i > 0 && i < n-1 {
		b[i] = float32(0.33333 * float64(a[i-1]+a[i]+a[i+1]))
	}
}

// Jacobi1DKernel2 is runJacobiCUDA_kernel2 of jacobi1D.cu: B copied back
// to A.
//
//gocuda:kernel Jacobi1DKernel2
func jacobi1DKernel2(t *gocuda.Thread, n int, a, b []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j > 0 && j < n-1 {
		a[j] = b[j]
	}
}

// Jacobi2DKernel1 is runJacobiCUDA_kernel1 of jacobi2D.cu: the five-point
// average into B.
//
//gocuda:kernel Jacobi2DKernel1
func jacobi2DKernel1(t *gocuda.Thread, n int, a, b []float32) {
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i >= 1 && i < n-1 && j >= 1 && j < n-1 {
		b[i*n+j] = 0.2 * (a[i*n+j] + a[i*n+(j-1)] + a[i*n+(1+j)] + a[(1+i)*n+j] + a[(i-1)*n+j])
	}
}

// Jacobi2DKernel2 is runJacobiCUDA_kernel2 of jacobi2D.cu: B copied back
// to A.
//
//gocuda:kernel Jacobi2DKernel2
func jacobi2DKernel2(t *gocuda.Thread, n int, a, b []float32) {
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i >= 1 && i < n-1 && j >= 1 && j < n-1 {
		a[i*n+j] = b[i*n+j]
	}
}

// Convolution2DKernel is convolution2D_kernel of 2DConvolution.cu: a
// 3×3 stencil with fixed coefficients.
//
//gocuda:kernel Convolution2DKernel
func convolution2DKernel(t *gocuda.Thread, ni, nj int, a, b []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	var c11, c12, c13, c21, c22, c23, c31, c32, c33 float32

	c11, c21, c31 = +0.2, +0.5, -0.8
	c12, c22, c32 = -0.3, +0.6, -0.9
	c13, c23, c33 = +0.4, +0.7, +0.10

	if i < ni-1 && j < nj-1 && i > 0 && j > 0 {
		b[i*nj+j] = c11*a[(i-1)*nj+(j-1)] + c21*a[(i-1)*nj+(j+0)] + c31*a[(i-1)*nj+(j+1)] +
			c12*a[(i+0)*nj+(j-1)] + c22*a[(i+0)*nj+(j+0)] + c32*a[(i+0)*nj+(j+1)] +
			c13*a[(i+1)*nj+(j-1)] + c23*a[(i+1)*nj+(j+0)] + c33*a[(i+1)*nj+(j+1)]
	}
}

// Convolution3DKernel is convolution3D_kernel of 3DConvolution.cu: the
// benchmark's 3-D stencil (its taps as written, repeated ones included)
// on plane i, a thread per (k, j).
//
//gocuda:kernel Convolution3DKernel
func convolution3DKernel(t *gocuda.Thread, ni, nj, nk int, a, b []float32, i int) {
	k := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	var c11, c12, c13, c21, c22, c23, c31, c32, c33 float32

	c11, c21, c31 = +2, +5, -8
	c12, c22, c32 = -3, +6, -9
	c13, c23, c33 = +4, +7, +10

	if i < ni-1 && j < nj-1 && k < nk-1 && i > 0 && j > 0 && k > 0 {
		b[i*(nk*nj)+j*nk+k] = c11*a[(i-1)*(nk*nj)+(j-1)*nk+(k-1)] + c13*a[(i+1)*(nk*nj)+(j-1)*nk+(k-1)] +
			c21*a[(i-1)*(nk*nj)+(j-1)*nk+(k-1)] + c23*a[(i+1)*(nk*nj)+(j-1)*nk+(k-1)] +
			c31*a[(i-1)*(nk*nj)+(j-1)*nk+(k-1)] + c33*a[(i+1)*(nk*nj)+(j-1)*nk+(k-1)] +
			c12*a[(i+0)*(nk*nj)+(j-1)*nk+(k+0)] + c22*a[(i+0)*(nk*nj)+(j+0)*nk+(k+0)] +
			c32*a[(i+0)*(nk*nj)+(j+1)*nk+(k+0)] + c11*a[(i-1)*(nk*nj)+(j-1)*nk+(k+1)] +
			c13*a[(i+1)*(nk*nj)+(j-1)*nk+(k+1)] + c21*a[(i-1)*(nk*nj)+(j+0)*nk+(k+1)] +
			c23*a[(i+1)*(nk*nj)+(j+0)*nk+(k+1)] + c31*a[(i-1)*(nk*nj)+(j+1)*nk+(k+1)] +
			c33*a[(i+1)*(nk*nj)+(j+1)*nk+(k+1)]
	}
}
