package hecbenchltoz

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's lda benchmark (zjin-lcf/HeCBench at f27000a,
// src/lda-cuda/kernel.h, Jisang Yoon's cusim LDA): EstepKernel, the E
// step of variational LDA, with warp_reduce_sum (__activemask and
// __shfl_down_sync), ReduceSum (a return after a barrier when the block
// is one warp) and Digamma: barriers inside loops and ifs over the
// block's document, and a spin lock (atomicCAS by thread 0, between
// barriers) on a word's row of new_beta shared by all blocks. The static
// __shared__ array of ReduceSum is one allocation per call site, as the
// rules of package hecbenchml have it.

// kernel.h's WARP_SIZE and EPS.
const (
	ldaWarpSize = 32
	ldaEps      = float32(1e-6)
)

// warpReduceSum is warp_reduce_sum of lda-cuda.
func warpReduceSum(t *gocuda.Thread, val float32) float32 {
	active := t.ActiveMask()
	for offset := ldaWarpSize / 2; offset > 0; offset /= 2 {
		val += gocuda.ShflDownSync(t, active, val, offset, 32)
	}
	return val
}

// reduceSum is ReduceSum of lda-cuda: the sum of vec[:length] over the
// block, in every thread.
func reduceSum(t *gocuda.Thread, vec []float32, length int) float32 {
	shared := gocuda.Shared[float32](t, 32)

	// figure out the warp/ position inside the warp
	warp := t.ThreadIdx.X / ldaWarpSize
	lane := t.ThreadIdx.X % ldaWarpSize

	// paritial sum
	val := float32(0.0)
	for i := t.ThreadIdx.X; i < length; i += t.BlockDim.X {
		val += vec[i]
	}
	val = warpReduceSum(t, val)

	// write out the partial reduction to shared memory if appropiate
	if lane == 0 {
		shared[warp] = val
	}
	t.SyncThreads()

	// if we we don't have multiple warps, we're done
	if t.BlockDim.X <= ldaWarpSize {
		return shared[0]
	}

	// otherwise reduce again in the first warp
	if t.ThreadIdx.X < t.BlockDim.X/ldaWarpSize {
		val = shared[lane]
	} else {
		val = 0
	}
	if warp == 0 {
		val = warpReduceSum(t, val)
		// broadcast back to shared memory
		if t.ThreadIdx.X == 0 {
			shared[0] = val
		}
	}
	t.SyncThreads()
	return shared[0]
}

// digamma is Digamma of lda-cuda.
func digamma(x float32) float32 {
	var result, xx, xx2, xx4 float32
	for ; x < 7.0; x++ {
		result -= 1.0 / x
	}
	x -= 0.5
	xx = 1.0 / x
	xx2 = xx * xx
	xx4 = xx2 * xx2
	result += logf(x) + 1.0/24.0*xx2 -
		7.0/960.0*xx4 + 31.0/8064.0*xx4*xx2 -
		127.0/30720.0*xx4*xx4
	return result
}

// EstepKernel is EstepKernel of lda-cuda: block b runs num_iters
// iterations of the E step on documents b, b+gridDim.x, ... (indptr's
// CSR rows of words cols with counts), accumulating new_beta under
// per-word locks, grad_alpha and the train and validation losses.
//
//gocuda:kernel EstepKernel
func estepKernel(t *gocuda.Thread, cols, indptr []int32, vali []bool, counts []float32, initGamma bool, numCols, numIndptr, numTopics, numIters int,
	alpha, beta, gamma, gradAlpha, newBeta, trainLosses, valiLosses []float32, locks []int32) {
	// storage for block
	sharedMemory := gocuda.DynamicShared[float32](t)
	newGamma := sharedMemory[0:]
	phi := sharedMemory[numTopics:]
	lossVec := sharedMemory[numTopics*2:]
	valiPhiSum := sharedMemory[numTopics*3:]

	gradAlpha_ := gradAlpha[numTopics*t.BlockIdx.X:]

	for i := t.BlockIdx.X; i < numIndptr; i += t.GridDim.X {
		beg, end := int(indptr[i]), int(indptr[i+1])
		gamma_ := gamma[numTopics*i:]
		if initGamma {
			for j := t.ThreadIdx.X; j < numTopics; j += t.BlockDim.X {
				gamma_[j] = alpha[j] + float32((end-beg)/numTopics)
			}
		}
		t.SyncThreads()

		// initiate phi sum for validation data for computing vali loss
		for j := t.ThreadIdx.X; j < numTopics; j += t.BlockDim.X {
			valiPhiSum[j] = 0.0
		}

		// iterate E step
		for j := 0; j < numIters; j++ {
			// initialize new gamma
			for k := t.ThreadIdx.X; k < numTopics; k += t.BlockDim.X {
				newGamma[k] = 0.0
			}
			t.SyncThreads()

			// compute phi from gamma
			for k := beg; k < end; k++ {
				w := int(cols[k]) // word
				vali_ := vali[k]
				c := counts[k]
				// compute phi
				if !vali_ || j+1 == numIters {
					for l := t.ThreadIdx.X; l < numTopics; l += t.BlockDim.X {
						phi[l] = beta[w*numTopics+l] * expf(digamma(gamma_[l]))
					}
					t.SyncThreads()

					// normalize phi and add it to new gamma and new beta
					phiSum := reduceSum(t, phi, numTopics)

					for l := t.ThreadIdx.X; l < numTopics; l += t.BlockDim.X {
						phi[l] /= phiSum

						// update gamma for train data and phi_sum for computing loss
						if vali_ {
							valiPhiSum[l] += phi[l] * c
						} else {
							newGamma[l] += phi[l] * c
						}

					}
					t.SyncThreads()
				}

				if j+1 == numIters {
					// update beta for train data
					if !vali_ {
						// write access of w th vector of new_beta
						if t.ThreadIdx.X == 0 {
							for atomic.CAS(&locks[w], 0, 1) != 0 {
							}
						}

						t.SyncThreads()
						for l := t.ThreadIdx.X; l < numTopics; l += t.BlockDim.X {
							newBeta[w*numTopics+l] += phi[l] * c
						}
						t.SyncThreads()

						// release lock
						if t.ThreadIdx.X == 0 {
							locks[w] = 0
						}
						t.SyncThreads()
					}

					// comput loss and reset shared mem
					// see Eq (15) in https://www.jmlr.org/papers/volume3/blei03a/blei03a.pdf
					for l := t.ThreadIdx.X; l < numTopics; l += t.BlockDim.X {
						lossVec[l] = logf(fmaxf(beta[w*numTopics+l], ldaEps))
						lossVec[l] -= logf(fmaxf(phi[l], ldaEps))
						lossVec[l] *= phi[l]
					}
					t.SyncThreads()
					loss := reduceSum(t, lossVec, numTopics) * c
					if t.ThreadIdx.X == 0 {
						if vali_ {
							valiLosses[t.BlockIdx.X] += loss
						} else {
							trainLosses[t.BlockIdx.X] += loss
						}
					}
					t.SyncThreads()

				}
				t.SyncThreads()
			}

			// update gamma
			for k := t.ThreadIdx.X; k < numTopics; k += t.BlockDim.X {
				gamma_[k] = newGamma[k] + alpha[k]
			}
			t.SyncThreads()
		}

		// update gradient of alpha and loss from E[log(theta)]
		gammaSum := reduceSum(t, gamma_, numTopics)
		for j := t.ThreadIdx.X; j < numTopics; j += t.BlockDim.X {
			Elogthetad := digamma(gamma_[j]) - digamma(gammaSum)
			gradAlpha_[j] += Elogthetad
			newGamma[j] *= Elogthetad
			valiPhiSum[j] *= Elogthetad
		}

		// see Eq (15) in https://www.jmlr.org/papers/volume3/blei03a/blei03a.pdf
		trainLoss := reduceSum(t, newGamma, numTopics)
		valiLoss := reduceSum(t, valiPhiSum, numTopics)
		if t.ThreadIdx.X == 0 {
			trainLosses[t.BlockIdx.X] += trainLoss
			valiLosses[t.BlockIdx.X] += valiLoss
		}

		t.SyncThreads()
	}
}
