package hecbenchrodinia

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the four kernels of Rodinia 3.1's particle filter,
// float version (yuhc/gpu-rodinia at 9c10d3e,
// cuda/particlefilter/ex_particle_CUDA_float_seq.cu): per frame,
// likelihood_kernel moves the particles and weighs them against the
// frame, with a shared-memory tree sum per block; sum_kernel adds the
// blocks' sums; normalize_weights_kernel normalizes the weights, has
// particle 0 build the CDF and draw the first of the systematic
// resampling's points; find_index_kernel resamples. The kernels pass
// data between blocks within one launch (particle 0 reads every weight,
// and every block reads u[0]), so only a single block's launch is
// well-defined, which is what the tests run.

// threads_per_block of the file (a global const int).
const pfThreadsPerBlock = 512

// calcLikelihoodSum is calcLikelihoodSum: the likelihood of the particle
// index over its numOnes pixels of I.
func calcLikelihoodSum(I []uint8, ind []int32, numOnes int, index int) float64 {
	likelihoodSum := 0.0
	var x int
	for x = 0; x < numOnes; x++ {
		likelihoodSum += (math.Pow(float64(int(I[ind[index*numOnes+x]])-100), 2) - math.Pow(float64(int(I[ind[index*numOnes+x]])-228), 2)) / 50.0
	}
	return likelihoodSum
}

// cdfCalc is cdfCalc: the running sum of weights into CDF.
func cdfCalc(CDF []float64, weights []float64, Nparticles int) {
	var x int
	CDF[0] = weights[0]
	for x = 1; x < Nparticles; x++ {
		CDF[x] = weights[x] + CDF[x-1]
	}
}

// dRandu is d_randu: GCC's linear congruential generator on seed[index],
// in 32-bit ints that wrap, as [0, 1).
func dRandu(seed []int32, index int) float64 {
	M := int32(math.MaxInt32)
	A := int32(1103515245)
	C := int32(12345)
	num := A*seed[index] + C
	seed[index] = num % M

	return math.Abs(float64(seed[index]) / float64(M))
}

// dRandn is d_randn: a normal deviate by Box-Muller from two d_randu.
func dRandn(seed []int32, index int) float64 {
	//Box-Muller algortihm
	pi := 3.14159265358979323846
	u := dRandu(seed, index)
	v := dRandu(seed, index)
	cosine := math.Cos(2 * pi * v)
	rt := -2 * math.Log(u)
	return math.Sqrt(rt) * cosine
}

// devRoundDouble is dev_round_double: value truncated, plus nothing (its
// return newValue++ returns the value before the increment).
func devRoundDouble(value float64) float64 {
	newValue := int32(value)
	if value-float64(newValue) < .5 {
		return float64(newValue)
	} else {
		r := newValue
		newValue++
		return float64(r)
	}
}

// iabs is C's abs on an int.
func iabs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// FindIndexKernel is find_index_kernel: particle i takes the position of
// the first particle whose CDF reaches u[i] (the last one if none does).
//
//gocuda:kernel FindIndexKernel
func findIndexKernel(t *gocuda.Thread, arrayX, arrayY, CDF, u, xj, yj, weights []float64, Nparticles int) {
	blockID := t.BlockIdx.X
	i := t.BlockDim.X*blockID + t.ThreadIdx.X

	if i < Nparticles {

		index := -1
		var x int

		for x = 0; x < Nparticles; x++ {
			if CDF[x] >= u[i] {
				index = x
				break
			}
		}
		if index == -1 {
			index = Nparticles - 1
		}

		xj[i] = arrayX[index]
		yj[i] = arrayY[index]

		//weights[i] = 1 / ((double) (Nparticles)); //moved this code to the beginning of likelihood kernel

	}
	t.SyncThreads()
}

// NormalizeWeightsKernel is normalize_weights_kernel: the weights divided
// by their sum (partial_sums[0]), particle 0 builds the CDF and draws
// u[0], and every particle's u[i] is u[0] + i/Nparticles, the block's
// threads passing values through two shared scalars.
//
//gocuda:kernel NormalizeWeightsKernel
func normalizeWeightsKernel(t *gocuda.Thread, weights []float64, Nparticles int, partialSums, CDF, u []float64, seed []int32) {
	blockID := t.BlockIdx.X
	i := t.BlockDim.X*blockID + t.ThreadIdx.X
	u1 := gocuda.Shared[float64](t, 1)
	sumWeights := gocuda.Shared[float64](t, 1)

	if 0 == t.ThreadIdx.X {
		sumWeights[0] = partialSums[0]
	}

	t.SyncThreads()

	if i < Nparticles {
		weights[i] = weights[i] / sumWeights[0]
	}

	t.SyncThreads()

	if i == 0 {
		cdfCalc(CDF, weights, Nparticles)
		u[0] = (1 / float64(Nparticles)) * dRandu(seed, i) // do this to allow all threads in all blocks to use the same u1
	}

	t.SyncThreads()

	if 0 == t.ThreadIdx.X {
		u1[0] = u[0]
	}

	t.SyncThreads()

	if i < Nparticles {
		u[i] = u1[0] + float64(i)/float64(Nparticles)
	}
}

// SumKernel is sum_kernel: thread 0 adds the blocks' partial sums into
// partial_sums[0].
//
//gocuda:kernel SumKernel
func sumKernel(t *gocuda.Thread, partialSums []float64, Nparticles int) {
	blockID := t.BlockIdx.X
	i := t.BlockDim.X*blockID + t.ThreadIdx.X

	if i == 0 {
		var x int
		sum := 0.0
		numBlocks := int(math.Ceil(float64(Nparticles) / float64(pfThreadsPerBlock)))
		for x = 0; x < numBlocks; x++ {
			sum += partialSums[x]
		}
		partialSums[0] = sum
	}
}

// LikelihoodKernel is likelihood_kernel: each particle takes its
// resampled position plus a random step, reads the frame k of I under
// the disk objxy around it, and multiplies its weight (reset to
// 1/Nparticles) by the exponential of the likelihood; then a
// shared-memory tree sum of the block's weights goes to
// partial_sums[blockIdx.x]. Launch it with 512 threads per block.
//
//gocuda:kernel LikelihoodKernel
func likelihoodKernel(t *gocuda.Thread, arrayX, arrayY, xj, yj, CDF []float64, ind []int32, objxy []int32, likelihood []float64, I []uint8, u, weights []float64,
	Nparticles, countOnes, maxSize, k, IszY, Nfr int, seed []int32, partialSums []float64) {
	blockID := t.BlockIdx.X
	i := t.BlockDim.X*blockID + t.ThreadIdx.X
	var y int

	var indX, indY int32
	buffer := gocuda.Shared[float64](t, 512)
	if i < Nparticles {
		arrayX[i] = xj[i]
		arrayY[i] = yj[i]

		weights[i] = 1 / float64(Nparticles) //Donnie - moved this line from end of find_index_kernel to prevent all weights from being reset before calculating position on final iteration.

		arrayX[i] = arrayX[i] + 1.0 + 5.0*dRandn(seed, i)
		arrayY[i] = arrayY[i] - 2.0 + 2.0*dRandn(seed, i)

	}

	t.SyncThreads()

	if i < Nparticles {
		for y = 0; y < countOnes; y++ {
			//added dev_round_double() to be consistent with roundDouble
			indX = int32(devRoundDouble(arrayX[i]) + float64(objxy[y*2+1]))
			indY = int32(devRoundDouble(arrayY[i]) + float64(objxy[y*2]))

			ind[i*countOnes+y] = iabs(indX*int32(IszY)*int32(Nfr) + indY*int32(Nfr) + int32(k))
			if int(ind[i*countOnes+y]) >= maxSize {
				ind[i*countOnes+y] = 0
			}
		}
		likelihood[i] = calcLikelihoodSum(I, ind, countOnes, i)

		likelihood[i] = likelihood[i] / float64(countOnes)

		weights[i] = weights[i] * math.Exp(likelihood[i]) //Donnie Newell - added the missing exponential function call

	}

	buffer[t.ThreadIdx.X] = 0.0

	t.SyncThreads()

	if i < Nparticles {

		buffer[t.ThreadIdx.X] = weights[i]
	}

	t.SyncThreads()

	//this doesn't account for the last block that isn't full
	for s := uint(t.BlockDim.X / 2); s > 0; s >>= 1 {
		if uint(t.ThreadIdx.X) < s {
			buffer[t.ThreadIdx.X] += buffer[uint(t.ThreadIdx.X)+s]
		}

		t.SyncThreads()

	}
	if t.ThreadIdx.X == 0 {
		partialSums[t.BlockIdx.X] = buffer[0]
	}

	t.SyncThreads()

}
