package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file holds the linear-algebra kernels of PolyBench/GPU 1.0
// (sgrauerg/polybenchGpu, CUDA/<benchmark>/<benchmark>.cu), DATA_TYPE
// float. Their size macros (NI, NJ, ...) and the _PB_ sizes are both the
// size arguments here, as the benchmarks run them; launch them with
// PolyBench's DIM_THREAD_BLOCK_X×DIM_THREAD_BLOCK_Y (32×8) blocks over
// the output.

// Mm2Kernel1 is mm2_kernel1 of CUDA/2MM/2mm.cu: tmp = alpha·A·B.
//
//gocuda:kernel Mm2Kernel1
func mm2Kernel1(t *gocuda.Thread, ni, nj, nk, nl int, alpha, beta float32, tmp, a, b []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < ni && j < nj {
		tmp[i*nj+j] = 0
		for k := 0; k < nk; k++ {
			tmp[i*nj+j] += alpha * a[i*nk+k] * b[k*nj+j]
		}
	}
}

// Mm2Kernel2 is mm2_kernel2 of CUDA/2MM/2mm.cu: D = beta·D + tmp·C.
//
//gocuda:kernel Mm2Kernel2
func mm2Kernel2(t *gocuda.Thread, ni, nj, nk, nl int, alpha, beta float32, tmp, c, d []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < ni && j < nl {
		d[i*nl+j] *= beta
		for k := 0; k < nj; k++ {
			d[i*nl+j] += tmp[i*nj+k] * c[k*nl+j]
		}
	}
}

// Mm3Kernel1 is mm3_kernel1 of CUDA/3MM/3mm.cu: E = A·B.
//
//gocuda:kernel Mm3Kernel1
func mm3Kernel1(t *gocuda.Thread, ni, nj, nk, nl, nm int, a, b, e []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < ni && j < nj {
		e[i*nj+j] = 0
		for k := 0; k < nk; k++ {
			e[i*nj+j] += a[i*nk+k] * b[k*nj+j]
		}
	}
}

// Mm3Kernel2 is mm3_kernel2 of CUDA/3MM/3mm.cu: F = C·D.
//
//gocuda:kernel Mm3Kernel2
func mm3Kernel2(t *gocuda.Thread, ni, nj, nk, nl, nm int, c, d, f []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < nj && j < nl {
		f[i*nl+j] = 0
		for k := 0; k < nm; k++ {
			f[i*nl+j] += c[i*nm+k] * d[k*nl+j]
		}
	}
}

// Mm3Kernel3 is mm3_kernel3 of CUDA/3MM/3mm.cu: G = E·F.
//
//gocuda:kernel Mm3Kernel3
func mm3Kernel3(t *gocuda.Thread, ni, nj, nk, nl, nm int, e, f, g []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < ni && j < nl {
		g[i*nl+j] = 0
		for k := 0; k < nj; k++ {
			g[i*nl+j] += e[i*nj+k] * f[k*nl+j]
		}
	}
}

// GemmKernel is gemm_kernel of CUDA/GEMM/gemm.cu: C = beta·C + alpha·A·B.
//
//gocuda:kernel GemmKernel
func gemmKernel(t *gocuda.Thread, ni, nj, nk int, alpha, beta float32, a, b, c []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < ni && j < nj {
		c[i*nj+j] *= beta
		for k := 0; k < nk; k++ {
			c[i*nj+j] += alpha * a[i*nk+k] * b[k*nj+j]
		}
	}
}

// SyrkKernel is syrk_kernel of CUDA/SYRK/syrk.cu: C = alpha·A·Aᵀ + beta·C.
//
//gocuda:kernel SyrkKernel
func syrkKernel(t *gocuda.Thread, ni, nj int, alpha, beta float32, a, c []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < ni && j < ni {
		c[i*ni+j] *= beta
		for k := 0; k < nj; k++ {
			c[i*ni+j] += alpha * a[i*nj+k] * a[j*nj+k]
		}
	}
}

// Syr2kKernel is syr2k_kernel of CUDA/SYR2K/syr2k.cu: C = alpha·A·Bᵀ +
// alpha·B·Aᵀ + beta·C.
//
//gocuda:kernel Syr2kKernel
func syr2kKernel(t *gocuda.Thread, ni, nj int, alpha, beta float32, a, b, c []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < ni && j < ni {
		c[i*ni+j] *= beta
		for k := 0; k < nj; k++ {
			c[i*ni+j] += alpha*a[i*nj+k]*b[j*nj+k] + alpha*b[i*nj+k]*a[j*nj+k]
		}
	}
}

// AtaxKernel1 is atax_kernel1 of CUDA/ATAX/atax.cu: tmp = A·x, a thread
// per row.
//
//gocuda:kernel AtaxKernel1
func ataxKernel1(t *gocuda.Thread, nx, ny int, a, x, tmp []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i < nx {
		tmp[i] = 0
		for j := 0; j < ny; j++ {
			tmp[i] += a[i*ny+j] * x[j]
		}
	}
}

// AtaxKernel2 is atax_kernel2 of CUDA/ATAX/atax.cu: y = Aᵀ·tmp, a thread
// per column.
//
//gocuda:kernel AtaxKernel2
func ataxKernel2(t *gocuda.Thread, nx, ny int, a, y, tmp []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j < ny {
		y[j] = 0
		for i := 0; i < nx; i++ {
			y[j] += a[i*ny+j] * tmp[i]
		}
	}
}

// BicgKernel1 is bicg_kernel1 of CUDA/BICG/bicg.cu: s = Aᵀ·r.
//
//gocuda:kernel BicgKernel1
func bicgKernel1(t *gocuda.Thread, nx, ny int, a, r, s []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j < ny {
		s[j] = 0.0
		for i := 0; i < nx; i++ {
			s[j] += r[i] * a[i*ny+j]
		}
	}
}

// BicgKernel2 is bicg_kernel2 of CUDA/BICG/bicg.cu: q = A·p.
//
//gocuda:kernel BicgKernel2
func bicgKernel2(t *gocuda.Thread, nx, ny int, a, p, q []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i < nx {
		q[i] = 0.0
		for j := 0; j < ny; j++ {
			q[i] += a[i*ny+j] * p[j]
		}
	}
}

// GesummvKernel is gesummv_kernel of CUDA/GESUMMV/gesummv.cu: y =
// alpha·A·x + beta·B·x, tmp and y accumulated from zero.
//
//gocuda:kernel GesummvKernel
func gesummvKernel(t *gocuda.Thread, n int, alpha, beta float32, a, b, tmp, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i < n {
		for j := 0; j < n; j++ {
			tmp[i] += a[i*n+j] * x[j]
			y[i] += b[i*n+j] * x[j]
		}
		y[i] = alpha*tmp[i] + beta*y[i]
	}
}

// MvtKernel1 is mvt_kernel1 of CUDA/MVT/mvt.cu: x1 += A·y1.
//
//gocuda:kernel MvtKernel1
func mvtKernel1(t *gocuda.Thread, n int, a, x1, y1 []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i < n {
		for j := 0; j < n; j++ {
			x1[i] += a[i*n+j] * y1[j]
		}
	}
}

// MvtKernel2 is mvt_kernel2 of CUDA/MVT/mvt.cu: x2 += Aᵀ·y2.
//
//gocuda:kernel MvtKernel2
func mvtKernel2(t *gocuda.Thread, n int, a, x2, y2 []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if i < n {
		for j := 0; j < n; j++ {
			x2[i] += a[j*n+i] * y2[j]
		}
	}
}
