package rodinia

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// ParticleFilterThreads is threads_per_block of
// particlefilter/ex_particle_CUDA_naive_seq.cu: the threads of a block of
// its kernel, one particle per thread.
const ParticleFilterThreads = 128

// ParticleFilterKernel returns kernel of Rodinia's
// particlefilter/ex_particle_CUDA_naive_seq.cu, its findIndex: the
// systematic resampling of nparticles particles, each thread finding the
// first entry of the weights' CDF at or above its point u[i] by a linear
// search (the last particle if none is) and copying that particle's
// position from arrayX and arrayY to xj and yj. Threads past nparticles do
// nothing. Launch it over ⌈nparticles/128⌉ blocks of
// ParticleFilterThreads threads (ParticleFilter does).
//
//gocuda:kernel ParticleFilterKernel
func particleFilterKernel(t *gocuda.Thread, arrayX, arrayY, CDF, u, xj, yj []float64, nparticles int) {
	blockID := t.BlockIdx.X
	i := t.BlockDim.X*blockID + t.ThreadIdx.X

	if i < nparticles {
		index := -1
		var x int

		for x = 0; x < nparticles; x++ {
			if CDF[x] >= u[i] {
				index = x
				break
			}
		}
		if index == -1 {
			index = nparticles - 1
		}

		xj[i] = arrayX[index]
		yj[i] = arrayY[index]
	}
}

// ParticleFilterParams are the arguments of Rodinia's particlefilter: the
// video's size and frames, and the number of particles.
type ParticleFilterParams struct {
	IszX, IszY, Nfr, Nparticles int
}

// ParticleFilterRunScript are the parameters of Rodinia's run script
// (-x 128 -y 128 -z 10 -np 1000).
var ParticleFilterRunScript = ParticleFilterParams{IszX: 128, IszY: 128, Nfr: 10, Nparticles: 1000}

func (p ParticleFilterParams) check(name string, video, seeds []int32, xs, ys []float64) error {
	if p.IszX < 1 || p.IszY < 1 || p.Nfr < 1 || p.Nparticles < 1 || len(video) != p.IszX*p.IszY*p.Nfr ||
		len(seeds) != p.Nparticles || len(xs) != p.Nparticles || len(ys) != p.Nparticles {
		return fmt.Errorf("%w: rodinia.%s: %d×%d×%d video (len %d), %d particles (%d seeds, %d and %d positions)",
			gocuda.ErrInvalidValue, name, p.IszX, p.IszY, p.Nfr, len(video), p.Nparticles, len(seeds), len(xs), len(ys))
	}
	return nil
}

// ParticleFilter tracks the object of the video (ParticleFilterInput's)
// with p.Nparticles particles on dev as particleFilter of
// ex_particle_CUDA_naive_seq.cu does, advancing the generators seeds: for
// each frame after the first, on the host, it moves the particles at
// random, weighs them by the likelihood of the disk's pixels around them,
// estimates the object's position by the weighted mean and builds the
// CDF of the weights and the resampling's points, then launches
// ParticleFilterKernel to resample. It leaves the particles' positions in
// arrayX and arrayY and returns the last estimate. Errors wrap
// gocuda.ErrInvalidValue for a nil device or bad sizes or lengths, or are
// the launches'.
func ParticleFilter(dev *gocuda.Device, video, seeds []int32, p ParticleFilterParams, arrayX, arrayY []float64) (xe, ye float64, err error) {
	if dev == nil {
		return 0, 0, nilDevice("ParticleFilter")
	}
	if err := p.check("ParticleFilter", video, seeds, arrayX, arrayY); err != nil {
		return 0, 0, err
	}
	n := p.Nparticles
	xj, yj := make([]float64, n), make([]float64, n)
	numBlocks := int(math.Ceil(float64(n) / float64(ParticleFilterThreads)))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: numBlocks}, Block: gocuda.Dim3{X: ParticleFilterThreads}}
	return pfRun(video, seeds, p, arrayX, arrayY, serialFor, func(cdf, u []float64) error {
		if err := dev.Launch(cfg, ParticleFilterKernel(arrayX, arrayY, cdf, u, xj, yj, n)); err != nil {
			return err
		}
		copy(arrayX, xj)
		copy(arrayY, yj)
		return nil
	})
}

// ParticleFilterSerial computes what ParticleFilter computes in one
// goroutine, as Rodinia's sequential particle filter does with findIndex:
// the hand-written serial baseline. The results are equal. It panics on
// bad sizes or lengths.
func ParticleFilterSerial(video, seeds []int32, p ParticleFilterParams, arrayX, arrayY []float64) (xe, ye float64) {
	return pfHost(video, seeds, p, arrayX, arrayY, "ParticleFilterSerial", serialFor)
}

// ParticleFilterParallel is ParticleFilterSerial with the particles'
// moves, likelihoods and resampling split over GOMAXPROCS goroutines: the
// hand-written parallel baseline.
func ParticleFilterParallel(video, seeds []int32, p ParticleFilterParams, arrayX, arrayY []float64) (xe, ye float64) {
	return pfHost(video, seeds, p, arrayX, arrayY, "ParticleFilterParallel", parallelFor)
}

func pfHost(video, seeds []int32, p ParticleFilterParams, arrayX, arrayY []float64, name string, split func(n int, f func(lo, hi int))) (xe, ye float64) {
	if err := p.check(name, video, seeds, arrayX, arrayY); err != nil {
		panic(err)
	}
	n := p.Nparticles
	xj, yj := make([]float64, n), make([]float64, n)
	xe, ye, _ = pfRun(video, seeds, p, arrayX, arrayY, split, func(cdf, u []float64) error {
		split(n, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				index := n - 1
				for x, c := range cdf {
					if c >= u[i] {
						index = x
						break
					}
				}
				xj[i], yj[i] = arrayX[index], arrayY[index]
			}
		})
		copy(arrayX, xj)
		copy(arrayY, yj)
		return nil
	})
	return xe, ye
}

// pfRun is particleFilter's host loop, the particles' moves and
// likelihoods split by split, the resampling done by resample.
func pfRun(video, seeds []int32, p ParticleFilterParams, arrayX, arrayY []float64,
	split func(n int, f func(lo, hi int)), resample func(cdf, u []float64) error) (xe, ye float64, err error) {
	n, maxSize := p.Nparticles, p.IszX*p.IszY*p.Nfr
	xe, ye = pfRoundDouble(float64(p.IszY)/2.0), pfRoundDouble(float64(p.IszX)/2.0)
	objxy := pfGetNeighbors(pfStrelDisk(pfRadius), pfRadius)
	countOnes := len(objxy) / 2
	weights, likelihood := make([]float64, n), make([]float64, n)
	cdf, u := make([]float64, n), make([]float64, n)
	for x := range n {
		weights[x] = 1 / float64(n)
		arrayX[x], arrayY[x] = xe, ye
	}
	for k := 1; k < p.Nfr; k++ {
		split(n, func(lo, hi int) {
			for x := lo; x < hi; x++ {
				// the motion model: a random walk, twice as fast along y
				arrayX[x] = arrayX[x] + 1.0 + 5.0*pfRandn(seeds, x)
				arrayY[x] = arrayY[x] - 2.0 + 2.0*pfRandn(seeds, x)
				var sum float64 // calcLikelihoodSum over the disk's pixels
				for y := range countOnes {
					indX := int(pfRoundDouble(arrayX[x]) + objxy[y*2+1])
					indY := int(pfRoundDouble(arrayY[x]) + objxy[y*2])
					ind := absInt(int(int32(indX*p.IszY*p.Nfr + indY*p.Nfr + k)))
					if ind >= maxSize {
						ind = 0
					}
					sum += (math.Pow(float64(video[ind]-100), 2) - math.Pow(float64(video[ind]-228), 2)) / 50.0
				}
				likelihood[x] = sum / float64(countOnes)
			}
		})
		// update and normalize the weights (equation 63 of Arulampalam)
		var sumWeights float64
		for x := range n {
			weights[x] = weights[x] * math.Exp(likelihood[x])
		}
		for x := range n {
			sumWeights += weights[x]
		}
		xe, ye = 0, 0
		for x := range n {
			weights[x] = weights[x] / sumWeights
		}
		for x := range n { // the expected location
			xe += arrayX[x] * weights[x]
			ye += arrayY[x] * weights[x]
		}
		cdf[0] = weights[0]
		for x := 1; x < n; x++ {
			cdf[x] = weights[x] + cdf[x-1]
		}
		u1 := (1 / float64(n)) * pfRandu(seeds, 0)
		for x := range n {
			u[x] = u1 + float64(x)/float64(n)
		}
		if err := resample(cdf, u); err != nil {
			return xe, ye, err
		}
		for x := range n {
			weights[x] = 1 / float64(n)
		}
	}
	return xe, ye, nil
}
