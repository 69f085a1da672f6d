package corpus

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the data-mining kernels of PolyBench/GPU 1.0
// (sgrauerg/polybenchGpu): CUDA/CORR/correlation.cu and
// CUDA/COVAR/covariance.cu, over an n×m data matrix (n rows of m
// columns), DATA_TYPE float. sqrt of a float is CUDA's float overload,
// sqrtf.

const (
	// corrFloatN and corrEps are correlation.cu's FLOAT_N and EPS (float
	// literals).
	corrFloatN float32 = 3214212.01
	corrEps    float32 = 0.005
	// covarFloatN is covariance.cu's FLOAT_N, a double literal.
	covarFloatN = 3214212.01
)

// sqrtf is CUDA's sqrtf, correctly rounded.
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// CorrMeanKernel is mean_kernel of correlation.cu: the mean of each
// column, a thread per column.
//
//gocuda:kernel CorrMeanKernel
func corrMeanKernel(t *gocuda.Thread, m, n int, mean, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j < m {
		mean[j] = 0.0
		for i := 0; i < n; i++ {
			mean[j] += data[i*m+j]
		}
		mean[j] /= corrFloatN
	}
}

// CorrStdKernel is std_kernel of correlation.cu: each column's standard
// deviation, 1 where it is at most EPS.
//
//gocuda:kernel CorrStdKernel
func corrStdKernel(t *gocuda.Thread, m, n int, mean, std, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j < m {
		std[j] = 0.0
		for i := 0; i < n; i++ {
			std[j] += (data[i*m+j] - mean[j]) * (data[i*m+j] - mean[j])
		}
		std[j] /= corrFloatN
		std[j] = sqrtf(std[j])
		if std[j] <= corrEps {
			std[j] = 1.0
		}
	}
}

// CorrReduceKernel is reduce_kernel of correlation.cu: each element
// centred and scaled, a thread per element.
//
//gocuda:kernel CorrReduceKernel
func corrReduceKernel(t *gocuda.Thread, m, n int, mean, std, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < n && j < m {
		data[i*m+j] -= mean[j]
		data[i*m+j] /= sqrtf(corrFloatN) * std[j]
	}
}

// CorrKernel is corr_kernel of correlation.cu: a thread per column j1 of
// the upper triangle of the correlation matrix, mirrored below.
//
//gocuda:kernel CorrKernel
func corrKernel(t *gocuda.Thread, m, n int, symmat, data []float32) {
	j1 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j1 < m-1 {
		symmat[j1*m+j1] = 1.0
		for j2 := j1 + 1; j2 < m; j2++ {
			symmat[j1*m+j2] = 0.0
			for i := 0; i < n; i++ {
				symmat[j1*m+j2] += data[i*m+j1] * data[i*m+j2]
			}
			symmat[j2*m+j1] = symmat[j1*m+j2]
		}
	}
}

// CovarMeanKernel is mean_kernel of covariance.cu.
//
//gocuda:kernel CovarMeanKernel
func covarMeanKernel(t *gocuda.Thread, m, n int, mean, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j < m {
		mean[j] = 0.0
		for i := 0; i < n; i++ {
			mean[j] += data[i*m+j]
		}
		mean[j] /= float32(covarFloatN)
	}
}

// CovarReduceKernel is reduce_kernel of covariance.cu: each element
// centred.
//
//gocuda:kernel CovarReduceKernel
func covarReduceKernel(t *gocuda.Thread, m, n int, mean, data []float32) {
	j := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

	if i < n && j < m {
		data[i*m+j] -= mean[j]
	}
}

// CovarKernel is covar_kernel of covariance.cu: a thread per column j1 of
// the upper triangle, diagonal included, mirrored below.
//
//gocuda:kernel CovarKernel
func covarKernel(t *gocuda.Thread, m, n int, symmat, data []float32) {
	j1 := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if j1 < m {
		for j2 := j1; j2 < m; j2++ {
			symmat[j1*m+j2] = 0.0
			for i := 0; i < n; i++ {
				symmat[j1*m+j2] += data[i*m+j1] * data[i*m+j2]
			}
			symmat[j2*m+j1] = symmat[j1*m+j2]
		}
	}
}
