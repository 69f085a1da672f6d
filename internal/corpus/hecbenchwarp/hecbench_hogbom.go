package hecbenchwarp

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's hogbom benchmark (zjin-lcf/HeCBench at
// f27000a, src/hogbom-cuda/kernels.cu, after ASKAP's tHogbomCleanCuda):
// Högbom CLEAN, k_findPeak reducing each block's strided part of the image
// to its largest magnitude (a shared array of per-thread peaks scanned by
// thread 0) and k_subtractPSF subtracting the scaled point spread function
// around the peak. size_t is int; Peak and Position are C structs, the
// latter with its constructor a function.

// hogbomFindPeakNBlocks and hogbomFindPeakWidth are kernels.cu's
// findPeakNBlocks and findPeakWidth.
const (
	hogbomFindPeakNBlocks = 128
	hogbomFindPeakWidth   = 256
)

// HogbomPeak is kernels.cu's Peak.
type HogbomPeak struct {
	Pos int
	Val float32
}

// hogbomPosition is kernels.cu's Position.
type hogbomPosition struct{ x, y int32 }

// newHogbomPosition is Position's constructor.
func newHogbomPosition(x, y int32) hogbomPosition { return hogbomPosition{x: x, y: y} }

// hogbomPosToIdx is kernels.cu's posToIdx.
func hogbomPosToIdx(width int32, pos hogbomPosition) int {
	return int((pos.y * width) + pos.x)
}

// fabsf is C's fabsf.
func fabsf(x float32) float32 { return float32(math.Abs(float64(x))) }

// HogbomFindPeakKernel is k_findPeak of hogbom-cuda: each thread keeps the
// largest-magnitude element of its stride of findPeakWidth·findPeakNBlocks,
// and thread 0 of each block the largest of its threads', written to
// absPeak[blockIdx.x].
//
//gocuda:kernel HogbomFindPeakKernel
func hogbomFindPeakKernel(t *gocuda.Thread, image []float32, size int, absPeak []HogbomPeak) {
	maxVal := gocuda.Shared[float32](t, hogbomFindPeakWidth)
	maxPos := gocuda.Shared[int](t, hogbomFindPeakWidth)

	val := float32(0)
	pos := 0

	for idx := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X; idx < size; idx += hogbomFindPeakWidth * hogbomFindPeakNBlocks {
		if fabsf(image[idx]) > fabsf(val) {
			val = image[idx]
			pos = idx
		}
	}

	maxVal[t.ThreadIdx.X] = val
	maxPos[t.ThreadIdx.X] = pos

	t.SyncThreads()

	if t.ThreadIdx.X == 0 {
		val, pos = 0, 0
		for i := 0; i < hogbomFindPeakWidth; i++ {
			if fabsf(maxVal[i]) > fabsf(val) {
				val = maxVal[i]
				pos = maxPos[i]
			}
		}
		absPeak[t.BlockIdx.X].Val = val
		absPeak[t.BlockIdx.X].Pos = pos
	}
}

// HogbomSubtractPSFKernel is k_subtractPSF of hogbom-cuda: the residual
// at (x, y), inside the inclusive window, loses gain·peak times the point
// spread function at (x−diffx, y−diffy).
//
//gocuda:kernel HogbomSubtractPSFKernel
func hogbomSubtractPSFKernel(t *gocuda.Thread, dPsf []float32, psfWidth int32, dResidual []float32, residualWidth int32,
	startx, starty, stopx, stopy, diffx, diffy int32, absPeakVal, gain float32) {
	x := startx + int32(t.ThreadIdx.X+t.BlockIdx.X*t.BlockDim.X)
	y := starty + int32(t.ThreadIdx.Y+t.BlockIdx.Y*t.BlockDim.Y)

	// thread blocks are of size 16, but the workload is not always a multiple of 16
	if x <= stopx && y <= stopy {
		dResidual[hogbomPosToIdx(residualWidth, newHogbomPosition(x, y))] -= gain * absPeakVal *
			dPsf[hogbomPosToIdx(psfWidth, newHogbomPosition(x-diffx, y-diffy))]
	}
}
