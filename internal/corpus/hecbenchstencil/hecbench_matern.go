package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's matern (src/matern-cuda/main.cu at f27000a):
// matern_kernel, the Matérn covariance (ν = 2.5) of each target with every
// source, weighted and summed through shared memory.

// reference.h's nsources, SX and SY.
const (
	maternNSources = 50
	maternSX       = 16
	maternSY       = maternNSources
)

// MaternKernel is matern_kernel: a block of SX×64 threads takes SX
// targets; threads past the last target, and the rows past SY, return
// before the barriers; thread (tx, ty) computes target tx's term for
// source ty, and row 0 sums them.
//
//gocuda:kernel MaternKernel
func maternKernel(t *gocuda.Thread, numTargets int, l float32, sources, targets, weights, result []float32) {
	tx := t.ThreadIdx.X
	px := t.BlockIdx.X*t.BlockDim.X + tx // range [0:ntargets)
	if px >= numTargets {
		return
	}
	ty := t.ThreadIdx.Y
	py := ty // range [0:nsources)
	if py >= maternSY {
		return
	}

	localResult := gocuda.Shared[float32](t, maternSX*maternSY)
	localTargets := gocuda.Shared[float32](t, maternSX*3)
	localSources := gocuda.Shared[float32](t, maternSY*3)
	localWeights := gocuda.Shared[float32](t, maternSY)

	if ty == 0 {
		for i := 0; i < 3; i++ {
			localTargets[tx*3+i] = targets[px*3+i]
		}
	}
	if tx == 0 {
		for i := 0; i < 3; i++ {
			localSources[ty*3+i] = sources[py*3+i]
		}
		localWeights[ty] = weights[ty]
	}
	t.SyncThreads()

	squaredDiff := float32(0)
	for i := 0; i < 3; i++ {
		squaredDiff += (localTargets[tx*3+i] - localSources[ty*3+i]) *
			(localTargets[tx*3+i] - localSources[ty*3+i])
	}
	diff := sqrtf(squaredDiff)
	localResult[tx*maternSY+ty] =
		(1 + sqrtf(5)*diff/l + 5*squaredDiff/(3*l*l)) *
			expf(-sqrtf(5)*diff/l) * localWeights[ty]
	t.SyncThreads()

	if ty == 0 {
		res := float32(0)
		for i := 0; i < maternSY; i++ {
			res += localResult[tx*maternSY+i]
		}
		result[px] = res
	}
}
