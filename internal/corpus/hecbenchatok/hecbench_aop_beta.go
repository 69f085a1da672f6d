package hecbenchatok

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// ComputePartialBetaKernel is compute_partial_beta_kernel<128,
// PayoffPut> of aop's main.cu.
//
//gocuda:kernel ComputePartialBetaKernel
func computePartialBeta(t *gocuda.Thread, numPaths int, payoff PayoffPut, svd, paths, cashflows []float64, allOutOfTheMoney []int32, partialSums []float64) {
	// The shared memory storage.
	lsums := gocuda.Shared[Double3](t, 1)
	// The shared memory to store the SVD.
	sharedSvd := gocuda.Shared[float64](t, aopSmemSlots)

	// Early exit if needed.
	if allOutOfTheMoney[0] != 0 {
		return
	}

	// The number of threads per grid.
	numThreadsPerGrid := aopThreads2 * t.GridDim.X

	// The 1st threads loads the matrices SVD and R.
	if t.ThreadIdx.X < aopSmemSlots {
		sharedSvd[t.ThreadIdx.X] = svd[t.ThreadIdx.X]
	}
	t.SyncThreads()

	// Load the terms of R.
	R00 := sharedSvd[0]
	R01 := sharedSvd[1]
	R02 := sharedSvd[2]
	R11 := sharedSvd[3]
	R12 := sharedSvd[4]
	R22 := sharedSvd[5]

	// Load the elements of W.
	W00 := sharedSvd[6]
	W01 := sharedSvd[7]
	W02 := sharedSvd[8]
	W11 := sharedSvd[9]
	W12 := sharedSvd[10]
	W22 := sharedSvd[11]

	// Invert the diagonal of R.
	var invR00, invR11, invR22 float64
	if R00 != 0.0 {
		invR00 = 1 / R00
	}
	if R11 != 0.0 {
		invR11 = 1 / R11
	}
	if R22 != 0.0 {
		invR22 = 1 / R22
	}

	// Precompute the R terms.
	invR01 := invR00 * invR11 * R01
	invR02 := invR00 * invR22 * R02
	invR12 := invR22 * R12

	// Precompute W00/R00.
	invW00 := W00 * invR00

	// Each thread has 3 numbers to sum.
	beta0, beta1, beta2 := 0.0, 0.0, 0.0

	// Iterate over the paths.
	for path := t.BlockIdx.X*aopThreads2 + t.ThreadIdx.X; path < numPaths; path += numThreadsPerGrid {
		// Threads load the asset price to rebuild Q from the QR decomposition.
		S := paths[path]

		// Is the path in the money?
		inTheMoney := payoff.IsInTheMoney(S)

		// Compute Qis. The elements of the Q matrix in the QR decomposition.
		Q1i := invR11*S - invR01
		Q2i := invR22*S*S - invR02 - Q1i*invR12

		// Compute the ith row of the pseudo-inverse of [1 X X^2].
		WI0 := invW00 + W01*Q1i + W02*Q2i
		WI1 := W11*Q1i + W12*Q2i
		WI2 := W22 * Q2i

		// Each thread loads its element from the Y vector.
		cashflow := 0.0
		if inTheMoney != 0 {
			cashflow = cashflows[path]
		}

		// Update beta.
		beta0 += WI0 * cashflow
		beta1 += WI1 * cashflow
		beta2 += WI2 * cashflow
	}

	// Compute the sum of the elements in the block.
	if t.ThreadIdx.X == 0 {
		lsums[0] = Double3{0, 0, 0}
	}
	t.SyncThreads()

	atomic.Add(&lsums[0].X, beta0)
	atomic.Add(&lsums[0].Y, beta1)
	atomic.Add(&lsums[0].Z, beta2)
	t.SyncThreads()

	// The 1st thread stores the result to GMEM.
	if t.ThreadIdx.X == 0 {
		partialSums[0*aopThreads2+t.BlockIdx.X] = lsums[0].X
		partialSums[1*aopThreads2+t.BlockIdx.X] = lsums[0].Y
		partialSums[2*aopThreads2+t.BlockIdx.X] = lsums[0].Z
	}
}

// ComputeFinalBetaKernel is compute_final_beta_kernel<128> of aop's
// main.cu.
//
//gocuda:kernel ComputeFinalBetaKernel
func computeFinalBeta(t *gocuda.Thread, allOutOfTheMoney []int32, beta []float64) {
	// The shared memory for the reduction.
	lsums := gocuda.Shared[Double3](t, 1)

	// Early exit if needed.
	if allOutOfTheMoney[0] != 0 {
		if t.ThreadIdx.X < 3 {
			beta[t.ThreadIdx.X] = 0.0
		}
		return
	}

	// The final sums.
	var sums Double3

	// We load the elements.
	sums.X = beta[0*aopThreads2+t.ThreadIdx.X]
	sums.Y = beta[1*aopThreads2+t.ThreadIdx.X]
	sums.Z = beta[2*aopThreads2+t.ThreadIdx.X]

	// Compute the sums.
	if t.ThreadIdx.X == 0 {
		lsums[0] = Double3{0, 0, 0}
	}
	t.SyncThreads()

	atomic.Add(&lsums[0].X, sums.X)
	atomic.Add(&lsums[0].Y, sums.Y)
	atomic.Add(&lsums[0].Z, sums.Z)
	t.SyncThreads()

	// Store beta.
	if t.ThreadIdx.X == 0 {
		beta[0] = lsums[0].X
		beta[1] = lsums[0].Y
		beta[2] = lsums[0].Z
	}
}

// UpdateCashflowKernel is update_cashflow_kernel<128, PayoffPut> of aop's
// main.cu.
//
//gocuda:kernel UpdateCashflowKernel
func updateCashflow(t *gocuda.Thread, numPaths int, payoffObject PayoffPut, expMinRDt float64, beta, paths []float64, allOutOfTheMoney []int32, cashflows []float64) {
	numThreadsPerGrid := t.GridDim.X * aopThreads2

	// Are we going to skip the computations.
	skipComputations := allOutOfTheMoney[0]

	// Load the beta coefficients for the linear regression.
	beta0 := beta[0]
	beta1 := beta[1]
	beta2 := beta[2]

	// Iterate over the paths.
	path := t.BlockIdx.X*aopThreads2 + t.ThreadIdx.X
	for ; path < numPaths; path += numThreadsPerGrid {
		// The cashflow.
		oldCashflow := expMinRDt * cashflows[path]
		if skipComputations != 0 {
			cashflows[path] = oldCashflow
			continue
		}

		// Load the asset price.
		S := paths[path]
		S2 := S * S

		// The payoff.
		payoff := payoffObject.Payoff(S)

		// Compute the estimated payoff from continuing.
		estimatedPayoff := beta0 + beta1*S + beta2*S2

		// Discount the payoff because we did not take it into account for beta.
		estimatedPayoff *= expMinRDt

		// Update the payoff.
		if payoff <= 1.0e-8 || payoff <= estimatedPayoff {
			payoff = oldCashflow
		}

		// Store the updated cashflow.
		cashflows[path] = payoff
	}
}

// ComputePartialSumsKernel is compute_partial_sums_kernel<128> of aop's
// main.cu.
//
//gocuda:kernel ComputePartialSumsKernel
func computePartialSums(t *gocuda.Thread, numPaths int, cashflows, sums []float64) {
	// Shared memory to compute the final sum.
	lsum := gocuda.Shared[float64](t, 1)

	// Each thread works on a single path.
	path := t.BlockIdx.X*aopThreads4 + t.ThreadIdx.X

	// Load the final sum.
	sum := 0.0
	if path < numPaths {
		sum = cashflows[path]
	}

	// Compute the sum over the block.
	if t.ThreadIdx.X == 0 {
		lsum[0] = 0
	}
	t.SyncThreads()

	atomic.Add(&lsum[0], sum)

	t.SyncThreads()

	// The block leader writes the sum to GMEM.
	if t.ThreadIdx.X == 0 {
		sums[t.BlockIdx.X] = lsum[0]
	}
}

// ComputeFinalSumKernel is compute_final_sum_kernel<128> of aop's main.cu.
//
//gocuda:kernel ComputeFinalSumKernel
func computeFinalSum(t *gocuda.Thread, numPaths, numBlocks int, expMinRDt float64, sums []float64) {
	// Shared memory to compute the final sum.
	lsum := gocuda.Shared[float64](t, 1)

	// The sum.
	sum := 0.0
	for item := t.ThreadIdx.X; item < numBlocks; item += aopThreads4 {
		sum += sums[item]
	}

	// Compute the sum over the block.
	if t.ThreadIdx.X == 0 {
		lsum[0] = 0
	}
	t.SyncThreads()

	atomic.Add(&lsum[0], sum)

	t.SyncThreads()

	// The block leader writes the sum to GMEM.
	if t.ThreadIdx.X == 0 {
		sums[0] = expMinRDt * lsum[0] / float64(numPaths)
	}
}
