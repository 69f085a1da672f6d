package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's meanshift benchmark (zjin-lcf/HeCBench at
// f27000a, src/meanshift-cuda/main.cu, after Lorenzo Cremonese's
// mean-shift clustering): one step of mean shift, a point a thread,
// mean_shift reading every point from global memory and mean_shift_tiling
// through tiles of TILE_WIDTH points in shared memory. The hyperparameters
// and sizes are constants.h's constexprs, but for N, 10000 there: 1000
// here, so that a test runs in a moment.

// The constants of constants.h (N reduced, see above).
const (
	msRadius     = float32(60)
	msSigma      = float32(4)
	msDblSigmaSq = (2 * msSigma * msSigma)
	msN          = 1000
	msD          = 3
	msThreads    = 64
	msBlocks     = (msN + msThreads - 1) / msThreads
	msTileWidth  = msThreads
)

// MeanShiftKernel is mean_shift of meanshift-cuda: point tid moves to the
// Gaussian-weighted mean of the points within RADIUS (squared distance).
//
//gocuda:kernel MeanShiftKernel
func meanShiftKernel(t *gocuda.Thread, data, dataNext []float32) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if tid < msN {
		row := tid * msD
		newPosition := [msD]float32{0}
		totWeight := float32(0)
		for i := 0; i < msN; i++ {
			rowN := i * msD
			sqDist := float32(0)
			for j := 0; j < msD; j++ {
				sqDist += (data[row+j] - data[rowN+j]) * (data[row+j] - data[rowN+j])
			}
			if sqDist <= msRadius {
				weight := expf(-sqDist / msDblSigmaSq)
				for j := 0; j < msD; j++ {
					newPosition[j] += weight * data[rowN+j]
				}
				totWeight += weight
			}
		}
		for j := 0; j < msD; j++ {
			dataNext[row+j] = newPosition[j] / totWeight
		}
	}
}

// MeanShiftTilingKernel is mean_shift_tiling of meanshift-cuda: the same
// step, the points read a tile at a time into shared memory, past-the-end
// entries zero and marked invalid. Threads past N take part in the loads
// and barriers, and read their own point past the end of the data, as in
// the original.
//
//gocuda:kernel MeanShiftTilingKernel
func meanShiftTilingKernel(t *gocuda.Thread, data, dataNext []float32) {
	// Shared memory allocation
	localData := gocuda.Shared[float32](t, msTileWidth*msD)
	validData := gocuda.Shared[float32](t, msTileWidth)

	// A few convenient variables
	lid := t.ThreadIdx.X
	tid := t.BlockIdx.X*t.BlockDim.X + lid
	row := tid * msD
	localRow := lid * msD
	newPosition := [msD]float32{0}
	totWeight := float32(0)

	// Load data in shared memory
	for tt := 0; tt < msBlocks; tt++ {
		tidInTile := tt*msTileWidth + lid
		if tidInTile < msN {
			rowInTile := tidInTile * msD
			for j := 0; j < msD; j++ {
				localData[localRow+j] = data[rowInTile+j]
			}
			validData[lid] = 1
		} else {
			for j := 0; j < msD; j++ {
				localData[localRow+j] = 0
			}
			validData[lid] = 0
		}
		t.SyncThreads()
		for i := 0; i < msTileWidth; i++ {
			localRowTile := i * msD
			validRadius := msRadius * validData[i]
			sqDist := float32(0.)
			for j := 0; j < msD; j++ {
				sqDist += (data[row+j] - localData[localRowTile+j]) *
					(data[row+j] - localData[localRowTile+j])
			}
			if sqDist <= validRadius {
				weight := expf(-sqDist / msDblSigmaSq)
				for j := 0; j < msD; j++ {
					newPosition[j] += (weight * localData[localRowTile+j])
				}
				totWeight += (weight * validData[i])
			}
		}
		t.SyncThreads()
	}
	if tid < msN {
		for j := 0; j < msD; j++ {
			dataNext[row+j] = newPosition[j] / totWeight
		}
	}
}
