package hecbenchrodinia

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds jacobi_step of HeCBench's jacobi (src/jacobi-cuda/main.cu,
// NVIDIA's example of 2021): a Jacobi relaxation step on a 16 × 16 tile
// with a halo in shared memory, and the squared change summed by
// __shfl_down_sync within each row, through shared memory, and into a
// global total with atomicAdd. N, a #define the program sets to 2048, is
// smaller here so that the tests run in a moment.

// jacobiN is N.
const jacobiN = 128

// jacobiIdx is the IDX macro.
func jacobiIdx(i, j int) int { return ((i) + (j)*jacobiN) }

// JacobiStepKernel is jacobi_step: f's interior points become the mean of
// f_old's four neighbors, and *error gains the sum of the squared changes.
// Launch it with 16 × 16 blocks covering N × N.
//
//gocuda:kernel JacobiStepKernel
func jacobiStep(t *gocuda.Thread, f []float32, fOld []float32, error *float32) {
	fOldTile := gocuda.Shared[[18]float32](t, 18)

	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	j := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y

	// First read in the "interior" data, one value per thread
	// Note the offset by 1, to reserve space for the "left"/"bottom" halo

	fOldTile[t.ThreadIdx.Y+1][t.ThreadIdx.X+1] = fOld[jacobiIdx(i, j)]

	// Now read in the halo data; we'll pick the "closest" thread
	// to each element. When we do this, make sure we don't fall
	// off the end of the global memory array. Note that this
	// code does not fill the corners, as they are not used in
	// this stencil.

	if t.ThreadIdx.X == 0 && i >= 1 {
		fOldTile[t.ThreadIdx.Y+1][t.ThreadIdx.X+0] = fOld[jacobiIdx(i-1, j)]
	}
	if t.ThreadIdx.X == 15 && i <= jacobiN-2 {
		fOldTile[t.ThreadIdx.Y+1][t.ThreadIdx.X+2] = fOld[jacobiIdx(i+1, j)]
	}
	if t.ThreadIdx.Y == 0 && j >= 1 {
		fOldTile[t.ThreadIdx.Y+0][t.ThreadIdx.X+1] = fOld[jacobiIdx(i, j-1)]
	}
	if t.ThreadIdx.Y == 15 && j <= jacobiN-2 {
		fOldTile[t.ThreadIdx.Y+2][t.ThreadIdx.X+1] = fOld[jacobiIdx(i, j+1)]
	}

	// Synchronize all threads
	t.SyncThreads()

	err := float32(0.0)

	if j >= 1 && j <= jacobiN-2 {
		if i >= 1 && i <= jacobiN-2 {
			// Perform the read from shared memory
			f[jacobiIdx(i, j)] = 0.25 * (fOldTile[t.ThreadIdx.Y+1][t.ThreadIdx.X+2] +
				fOldTile[t.ThreadIdx.Y+1][t.ThreadIdx.X+0] +
				fOldTile[t.ThreadIdx.Y+2][t.ThreadIdx.X+1] +
				fOldTile[t.ThreadIdx.Y+0][t.ThreadIdx.X+1])
			df := f[jacobiIdx(i, j)] - fOldTile[t.ThreadIdx.Y+1][t.ThreadIdx.X+1]
			err = df * df
		}
	}

	// Sum over threads in the warp
	// For simplicity, we do this outside the above conditional
	// so that all threads participate
	for offset := 8; offset > 0; offset /= 2 {
		err += gocuda.ShflDownSync(t, 0xffffffff, err, offset, gocuda.WarpSize)
	}

	// If we're thread 0 in the warp, update our value to shared memory
	// Note that we're assuming exactly a 16x16 block and that the warp ID
	// is equivalent to threadIdx.y. For the general case, we would have to
	// write more careful code.
	reductionArray := gocuda.Shared[float32](t, 16)
	if t.ThreadIdx.X == 0 {
		reductionArray[t.ThreadIdx.Y] = err
	}

	// Synchronize the block before reading any values from smem
	t.SyncThreads()

	// Using the first warp in the block, reduce over the partial sums
	// in the shared memory array.
	if t.ThreadIdx.Y == 0 {
		err = reductionArray[t.ThreadIdx.X]
		for offset := 8; offset > 0; offset /= 2 {
			err += gocuda.ShflDownSync(t, 0xffffffff, err, offset, gocuda.WarpSize)
		}
		if t.ThreadIdx.X == 0 {
			atomic.Add(error, err)
		}
	}
}
