package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's aidw benchmark (zjin-lcf/HeCBench at
// f27000a, src/aidw-cuda/main.cu, Gang Mei's adaptive inverse distance
// weighting): each interpolated point picks its power parameter from the
// nearest-neighbour statistic by fuzzy membership functions and takes the
// weighted average of all data points, AIDW_Kernel from global memory and
// AIDW_Kernel_Tiled through BLOCK_SIZE-point tiles in shared memory, both
// returning early past the last point (the tiled kernel before its
// barriers). The macros of reference.h are constants.

// The macros of aidw-cuda's reference.h.
const (
	aidwA1        = float32(1.5)
	aidwA2        = float32(2.)
	aidwA3        = float32(2.5)
	aidwA4        = float32(3.)
	aidwA5        = float32(3.5)
	aidwRMin      = float32(0.)
	aidwRMax      = float32(2.)
	aidwBlockSize = 256
)

// AidwKernel is AIDW_Kernel of aidw-cuda.
//
//gocuda:kernel AidwKernel
func aidwKernel(t *gocuda.Thread, dx, dy, dz []float32, dnum int32, ix, iy, iz []float32, inum int32, area float32, avgDist []float32) {
	tid := int32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if tid >= inum {
		return
	}

	sum, dist, tt, z, alpha := float32(0), float32(0), float32(0), float32(0), float32(1)

	rObs := avgDist[tid]                    // The observed average nearest neighbor distance
	rExp := 0.5 / sqrtf(float32(dnum)/area) // The expected nearest neighbor distance for a random pattern
	RS0 := rObs / rExp                      // The nearest neighbor statistic

	// Normalize the R(S0) measure such that it is bounded by 0 and 1 by a fuzzy membership function
	uR := float32(0)
	if RS0 >= aidwRMin {
		uR = 0.5 - 0.5*cosf(3.1415926/aidwRMax*(RS0-aidwRMin))
	}
	if RS0 >= aidwRMax {
		uR = 1
	}

	// Determine the appropriate distance-decay parameter alpha by a triangular membership function
	// Adaptive power parameter: a (alpha)
	if uR >= 0 && uR <= 0.1 {
		alpha = aidwA1
	}
	if uR > 0.1 && uR <= 0.3 {
		alpha = aidwA1*(1-5*(uR-0.1)) + aidwA2*5*(uR-0.1)
	}
	if uR > 0.3 && uR <= 0.5 {
		alpha = aidwA3*5*(uR-0.3) + aidwA1*(1-5*(uR-0.3))
	}
	if uR > 0.5 && uR <= 0.7 {
		alpha = aidwA3*(1-5*(uR-0.5)) + aidwA4*5*(uR-0.5)
	}
	if uR > 0.7 && uR <= 0.9 {
		alpha = aidwA5*5*(uR-0.7) + aidwA4*(1-5*(uR-0.7))
	}
	if uR > 0.9 && uR <= 1 {
		alpha = aidwA5
	}
	alpha *= 0.5 // Half of the power

	// Weighted average
	for j := int32(0); j < dnum; j++ {
		dist = (ix[tid]-dx[j])*(ix[tid]-dx[j]) + (iy[tid]-dy[j])*(iy[tid]-dy[j])
		tt = 1 / powf(dist, alpha)
		sum += tt
		z += dz[j] * tt
	}
	iz[tid] = z / sum
}

// AidwTiledKernel is AIDW_Kernel_Tiled of aidw-cuda.
//
//gocuda:kernel AidwTiledKernel
func aidwTiledKernel(t *gocuda.Thread, dx, dy, dz []float32, dnum int32, ix, iy, iz []float32, inum int32, area float32, avgDist []float32) {
	// Shared Memory
	sdx := gocuda.Shared[float32](t, aidwBlockSize)
	sdy := gocuda.Shared[float32](t, aidwBlockSize)
	sdz := gocuda.Shared[float32](t, aidwBlockSize)

	tid := int32(t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X)
	if tid >= inum {
		return
	}

	dist, tt, alpha := float32(0), float32(0), float32(0)

	part := (dnum - 1) / aidwBlockSize
	var m, e int32
	sumUp := float32(0)
	sumDn := float32(0)
	var sixS, siyS float32

	rObs := avgDist[tid]                    //The observed average nearest neighbor distance
	rExp := 0.5 / sqrtf(float32(dnum)/area) // The expected nearest neighbor distance for a random pattern
	RS0 := rObs / rExp                      //The nearest neighbor statistic

	uR := float32(0)
	if RS0 >= aidwRMin {
		uR = 0.5 - 0.5*cosf(3.1415926/aidwRMax*(RS0-aidwRMin))
	}
	if RS0 >= aidwRMax {
		uR = 1
	}

	// Determine the appropriate distance-decay parameter alpha by a triangular membership function
	// Adaptive power parameter: a (alpha)
	if uR >= 0 && uR <= 0.1 {
		alpha = aidwA1
	}
	if uR > 0.1 && uR <= 0.3 {
		alpha = aidwA1*(1-5*(uR-0.1)) + aidwA2*5*(uR-0.1)
	}
	if uR > 0.3 && uR <= 0.5 {
		alpha = aidwA3*5*(uR-0.3) + aidwA1*(1-5*(uR-0.3))
	}
	if uR > 0.5 && uR <= 0.7 {
		alpha = aidwA3*(1-5*(uR-0.5)) + aidwA4*5*(uR-0.5)
	}
	if uR > 0.7 && uR <= 0.9 {
		alpha = aidwA5*5*(uR-0.7) + aidwA4*(1-5*(uR-0.7))
	}
	if uR > 0.9 && uR <= 1 {
		alpha = aidwA5
	}
	alpha *= 0.5 // Half of the power

	sixT := ix[tid]
	siyT := iy[tid]
	lid := int32(t.ThreadIdx.X)
	for m = 0; m <= part; m++ { // Weighted Sum
		numThreads := min(aidwBlockSize, dnum-aidwBlockSize*m)
		if lid < numThreads {
			sdx[lid] = dx[lid+aidwBlockSize*m]
			sdy[lid] = dy[lid+aidwBlockSize*m]
			sdz[lid] = dz[lid+aidwBlockSize*m]
		}
		t.SyncThreads()
		for e = 0; e < aidwBlockSize; e++ {
			sixS = sixT - sdx[e]
			siyS = siyT - sdy[e]
			dist = (sixS*sixS + siyS*siyS)
			tt = 1 / powf(dist, alpha)
			sumDn += tt
			sumUp += tt * sdz[e]
		}
		t.SyncThreads()
	}
	iz[tid] = sumUp / sumDn
}
