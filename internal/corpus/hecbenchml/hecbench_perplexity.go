package hecbenchml

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's perplexity benchmark (zjin-lcf/HeCBench at
// f27000a, src/perplexity-cuda/main.cu, after RAPIDS cuML's t-SNE):
// sigmas_kernel<int, float>, a bisection search per row for the Gaussian
// precision that gives the row's neighbour distances the wanted entropy,
// with a break out of the epoch loop.

// fltEpsilon is C's FLT_EPSILON.
const fltEpsilon = float32(1.1920928955078125e-07)

// isinf is C's isinf on a float.
func isinf(x float32) bool { return math.IsInf(float64(x), 0) }

// SigmasKernel is sigmas_kernel of perplexity-cuda: thread i computes row
// i of P from the k distances of row i; threads past n return.
//
//gocuda:kernel SigmasKernel
func sigmasKernel(t *gocuda.Thread, distances, P []float32, perplexity, desiredEntropy float32, epochs int, tol float32, n, k int) {
	// For every item in row
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}

	betaMin, betaMax := float32(math.Inf(-1)), float32(math.Inf(1))
	beta := float32(1)
	ik := i * k
	var step int

	for step = 0; step < epochs; step++ {
		sumPi := fltEpsilon

		// Exponentiate to get Gaussian
		for j := 0; j < k; j++ {
			P[ik+j] = expf(-distances[ik+j] * beta)
			sumPi += P[ik+j]
		}

		// Normalize
		sumDistiPi := float32(0)
		div := 1.0 / sumPi
		for j := 0; j < k; j++ {
			P[ik+j] *= div
			sumDistiPi += distances[ik+j] * P[ik+j]
		}

		entropy := logf(sumPi) + beta*sumDistiPi
		entropyDiff := entropy - desiredEntropy
		if fabsf(entropyDiff) <= tol {
			break
		}

		// Bisection search
		if entropyDiff > 0 {
			betaMin = beta
			if isinf(betaMax) {
				beta *= 2.0
			} else {
				beta = (beta + betaMax) * 0.5
			}
		} else {
			betaMax = beta
			if isinf(betaMin) {
				beta *= 0.5
			} else {
				beta = (beta + betaMin) * 0.5
			}
		}
	}
}
