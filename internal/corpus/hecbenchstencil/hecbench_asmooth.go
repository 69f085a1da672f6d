package hecbenchstencil

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's asmooth (src/asmooth-cuda/main.cu at
// f27000a), adaptive smoothing of a square image in three kernels:
// smoothingFilter (a box grown until its sum reaches a threshold, its
// normalisation spread by float atomicAdd), normalizeFilter and outFilter.
// The original mixes Lx and Ly, and outFilter's shared index steps rows by
// blockDim.y: right only for the square images and blocks its host code
// uses (as ported). __fdividef is a division.

// SmoothingFilterKernel is smoothingFilter: each pixel grows its box from
// radius 1 while the box's sum is below Threshold and the radius below
// MaxRad, reading the block's tile from shared memory and the rest from
// global memory, then adds 1/(box size) to Norm over its box by atomicAdd.
//
//gocuda:kernel SmoothingFilterKernel
func smoothingFilterKernel(t *gocuda.Thread, Lx, Ly, Threshold, MaxRad int, Img []float32, Box []int32, Norm []float32) {
	tid := t.ThreadIdx.X
	tjd := t.ThreadIdx.Y
	i := t.BlockIdx.X*t.BlockDim.X + tid
	j := t.BlockIdx.Y*t.BlockDim.Y + tjd
	stid := tjd*t.BlockDim.X + tid
	gtid := j*Lx + i

	// part of shared memory may be unused
	sImg := gocuda.Shared[float32](t, 1024)

	if i < Lx && j < Ly {
		sImg[stid] = Img[gtid]
	}

	t.SyncThreads()

	if i < Lx && j < Ly {
		// Smoothing parameters
		sum := float32(0)
		q := 1
		s := q
		ksum := 0

		// Continue until parameters are met
		for sum < float32(Threshold) && q < MaxRad {
			s = q
			sum = 0
			ksum = 0

			// Normal adaptive smoothing
			for ii := -s; ii < s+1; ii++ {
				for jj := -s; jj < s+1; jj++ {
					if (i-s >= 0) && (i+s < Ly) && (j-s >= 0) && (j+s < Lx) {
						ksum++
						// Compute within bounds of block dimensions
						if tid-s >= 0 && tid+s < t.BlockDim.X && tjd-s >= 0 && tjd+s < t.BlockDim.Y {
							sum += sImg[stid+ii*t.BlockDim.X+jj]
						} else { // Compute block borders with global memory
							sum += Img[gtid+ii*Lx+jj]
						}
					}
				}
			}
			q++
		}
		Box[gtid] = int32(s)

		// Normalization for each box
		for ii := -s; ii < s+1; ii++ {
			for jj := -s; jj < s+1; jj++ {
				if ksum != 0 {
					atomic.Add(&Norm[gtid+ii*Lx+jj], 1/float32(ksum))
				}
			}
		}
	}
}

// NormalizeFilterKernel is normalizeFilter: each pixel divided by its
// accumulated normalisation, where that is not zero.
//
//gocuda:kernel NormalizeFilterKernel
func normalizeFilterKernel(t *gocuda.Thread, Lx, Ly int, Img, Norm []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if i < Lx && j < Ly {
		gtid := j*Lx + i
		norm := Norm[gtid]
		if norm != 0 {
			Img[gtid] = Img[gtid] / norm
		}
	}
}

// OutFilterKernel is outFilter: each pixel the mean of the normalised
// image over its box.
//
//gocuda:kernel OutFilterKernel
func outFilterKernel(t *gocuda.Thread, Lx, Ly int, Img []float32, Box []int32, Out []float32) {
	tid := t.ThreadIdx.X
	tjd := t.ThreadIdx.Y
	i := t.BlockIdx.X*t.BlockDim.X + tid
	j := t.BlockIdx.Y*t.BlockDim.Y + tjd
	stid := tjd*t.BlockDim.X + tid
	gtid := j*Lx + i

	// part of shared memory may be unused
	sImg := gocuda.Shared[float32](t, 1024)

	if i < Lx && j < Ly {
		sImg[stid] = Img[gtid]
	}

	t.SyncThreads()

	if i < Lx && j < Ly {
		s := int(Box[gtid])
		sum := float32(0)
		ksum := 0

		for ii := -s; ii < s+1; ii++ {
			for jj := -s; jj < s+1; jj++ {
				if (i-s >= 0) && (i+s < Lx) && (j-s >= 0) && (j+s < Ly) {
					ksum++
					if tid-s >= 0 && tid+s < t.BlockDim.X && tjd-s >= 0 && tjd+s < t.BlockDim.Y {
						sum += sImg[stid+ii*t.BlockDim.Y+jj]
					} else {
						sum += Img[gtid+ii*Ly+jj]
					}
				}
			}
		}
		if ksum != 0 {
			Out[gtid] = sum / float32(ksum)
		}
	}
}
