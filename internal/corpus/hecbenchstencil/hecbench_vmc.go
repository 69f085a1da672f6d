package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's vmc (src/vmc-cuda/vmc2.cu at f27000a, after
// Robert Harrison's variational Monte Carlo of the helium atom), with
// FLOAT = float: SumWithinBlocks, initran, zero_stats, initialize and
// propagate, with the __device__ helpers LCG_random, LCG_random_init,
// compute_distances (its float& outputs pointers) and wave_function. The
// overloads EXP and SQRT are their float versions.

// vmc2.cu's typed constants and step size.
const (
	vmcFour  = float32(4.0)
	vmcTwo   = float32(2.0)
	vmcOne   = float32(1.0)
	vmcHalf  = float32(0.5)
	vmcZero  = float32(0.0)
	vmcDelta = float32(2.0)
)

// lcgRandom is LCG_random: the next state of the linear congruential
// generator, as a float in [0, 1).
func lcgRandom(seed *uint32) float32 {
	const m = uint32(2147483648)
	const a = uint32(26757677)
	const c = uint32(1)
	*seed = (a*(*seed) + c) % m
	return float32(*seed) / float32(m)
}

// lcgRandomInit is LCG_random_init: one step of the generator.
func lcgRandomInit(seed *uint32) {
	const m = uint32(2147483648)
	const a = uint32(26757677)
	const c = uint32(1)
	*seed = (a*(*seed) + c) % m
}

// SumWithinBlocksKernel is SumWithinBlocks: a grid-stride partial sum a
// thread, then a tree from stride 128 down over the block's threads
// (those with a partner within blockDim).
//
//gocuda:kernel SumWithinBlocksKernel
func sumWithinBlocksKernel(t *gocuda.Thread, n int, data, blocksums []float32) {
	nthread := t.BlockDim.X * t.GridDim.X
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 512) // max threads

	// Every thread in every block computes partial sum over rest of vector
	st := vmcZero
	for i < n {
		st += data[i]
		i += nthread
	}
	sdata[t.ThreadIdx.X] = st
	t.SyncThreads()

	// Now do binary tree sum within a block
	tid := t.ThreadIdx.X
	for s := uint32(128); s > 0; s >>= 1 {
		if uint32(tid) < s && (uint32(tid)+s) < uint32(t.BlockDim.X) {
			sdata[tid] += sdata[uint32(tid)+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		blocksums[t.BlockIdx.X] = sdata[0]
	}
}

// computeDistances is compute_distances: the two electrons' distances
// from the nucleus and from each other.
func computeDistances(x1, y1, z1, x2, y2, z2 float32, r1, r2, r12 *float32) {
	*r1 = sqrtf(x1*x1 + y1*y1 + z1*z1)
	*r2 = sqrtf(x2*x2 + y2*y2 + z2*z2)
	xx := x1 - x2
	yy := y1 - y2
	zz := z1 - z2
	*r12 = sqrtf(xx*xx + yy*yy + zz*zz)
}

// waveFunction is wave_function: the trial wave function.
func waveFunction(x1, y1, z1, x2, y2, z2 float32) float32 {
	var r1, r2, r12 float32
	computeDistances(x1, y1, z1, x2, y2, z2, &r1, &r2, &r12)

	return (vmcOne + vmcHalf*r12) * expf(-vmcTwo*(r1+r2))
}

// InitranKernel is initran: each thread seeds its generator state.
//
//gocuda:kernel InitranKernel
func initranKernel(t *gocuda.Thread, seed uint32, states []uint32) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	states[i] = seed ^ uint32(i)
	lcgRandomInit(&states[i])
}

// ZeroStatsKernel is zero_stats.
//
//gocuda:kernel ZeroStatsKernel
func zeroStatsKernel(t *gocuda.Thread, Npoint int, stats []float32) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	stats[0*Npoint+i] = vmcZero // r1
	stats[1*Npoint+i] = vmcZero // r2
	stats[2*Npoint+i] = vmcZero // r12
	stats[3*Npoint+i] = vmcZero // accept count
}

// VmcInitializeKernel is initialize: random starting positions and their
// wave function.
//
//gocuda:kernel VmcInitializeKernel
func vmcInitializeKernel(t *gocuda.Thread, x1, y1, z1, x2, y2, z2, psi []float32, states []uint32) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	x1[i] = (lcgRandom(&states[i]) - vmcHalf) * vmcFour
	y1[i] = (lcgRandom(&states[i]) - vmcHalf) * vmcFour
	z1[i] = (lcgRandom(&states[i]) - vmcHalf) * vmcFour
	x2[i] = (lcgRandom(&states[i]) - vmcHalf) * vmcFour
	y2[i] = (lcgRandom(&states[i]) - vmcHalf) * vmcFour
	z2[i] = (lcgRandom(&states[i]) - vmcHalf) * vmcFour
	psi[i] = waveFunction(x1[i], y1[i], z1[i], x2[i], y2[i], z2[i])
}

// PropagateKernel is propagate: nstep Metropolis steps a sample,
// accumulating the distances and the acceptance count in stats.
//
//gocuda:kernel PropagateKernel
func propagateKernel(t *gocuda.Thread, Npoint, nstep int, X1, Y1, Z1, X2, Y2, Z2, P, stats []float32, states []uint32) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	x1 := X1[i]
	y1 := Y1[i]
	z1 := Z1[i]
	x2 := X2[i]
	y2 := Y2[i]
	z2 := Z2[i]
	p := P[i]

	for step := 0; step < nstep; step++ {
		x1new := x1 + (lcgRandom(&states[i])-vmcHalf)*vmcDelta
		y1new := y1 + (lcgRandom(&states[i])-vmcHalf)*vmcDelta
		z1new := z1 + (lcgRandom(&states[i])-vmcHalf)*vmcDelta
		x2new := x2 + (lcgRandom(&states[i])-vmcHalf)*vmcDelta
		y2new := y2 + (lcgRandom(&states[i])-vmcHalf)*vmcDelta
		z2new := z2 + (lcgRandom(&states[i])-vmcHalf)*vmcDelta
		pnew := waveFunction(x1new, y1new, z1new, x2new, y2new, z2new)

		if pnew*pnew > p*p*lcgRandom(&states[i]) {
			stats[3*Npoint+i]++ //naccept ++;
			p = pnew
			x1 = x1new
			y1 = y1new
			z1 = z1new
			x2 = x2new
			y2 = y2new
			z2 = z2new
		}

		var r1, r2, r12 float32
		computeDistances(x1, y1, z1, x2, y2, z2, &r1, &r2, &r12)

		stats[0*Npoint+i] += r1
		stats[1*Npoint+i] += r2
		stats[2*Npoint+i] += r12
	}
	X1[i] = x1
	Y1[i] = y1
	Z1[i] = z1
	X2[i] = x2
	Y2[i] = y2
	Z2[i] = z2
	P[i] = p
}
