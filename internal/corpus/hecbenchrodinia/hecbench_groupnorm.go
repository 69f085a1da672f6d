package hecbenchrodinia

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds the three kernels of HeCBench's groupnorm
// (src/groupnorm-cuda/main.cu, "essentially taken from llm.c's kernel 5"
// by its author, for images): group normalization with one block per group
// of group_size channels, its reductions cg::reduce over 32-thread tiles
// through shared memory, and its backward pass with atomicAdd.

// gnTPB is TPB, the largest block.
const gnTPB = 1024

// GroupnormForwardKernel is groupnorm_forward_kernel of groupnorm's
// main.cu: block b normalizes group b (img_size × group_size pixels) of
// x into out, scaled by the group's channels' weight and shifted by their
// bias; mean and rstd, which may be nil, get the group's mean and
// reciprocal standard deviation.
//
//gocuda:kernel GroupnormForwardKernel
func groupnormForwardKernel(t *gocuda.Thread, x, weight, bias, out, mean, rstd []float32, B, C, imgSize, groupSize, nGroups int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	sharedSum := gocuda.Shared[float32](t, gnTPB/32)
	sharedSum2 := gocuda.Shared[float32](t, gnTPB/32)
	numWarps := t.BlockDim.X / 32
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32

	// pixels in each group
	groupPixels := imgSize * groupSize

	// group index for each batch ranges from 0 to n_groups-1
	g := t.BlockIdx.X % nGroups

	// move pointers
	x = x[t.BlockIdx.X*groupPixels:]
	out = out[t.BlockIdx.X*groupPixels:]
	// each block acceses group_size channels
	weight = weight[g*groupSize:]
	bias = bias[g*groupSize:]

	threadSum := float32(0.0)
	threadSum2 := float32(0.0)

	for i := t.ThreadIdx.X; i < groupPixels; i += t.BlockDim.X {
		val := x[i]
		threadSum += val
		threadSum2 += val * val
	}

	// reduce from all warps
	warpSum := cg.Reduce(warp, threadSum, cg.Plus[float32])
	warpSum2 := cg.Reduce(warp, threadSum2, cg.Plus[float32])
	// store warp sum into shared memory
	sharedSum[warpID] = warpSum
	sharedSum2[warpID] = warpSum2
	t.SyncThreads()

	// load warp sums from shared memory
	if laneID < numWarps {
		warpSum = sharedSum[laneID]
	} else {
		warpSum = 0.0
	}
	if laneID < numWarps {
		warpSum2 = sharedSum2[laneID]
	} else {
		warpSum2 = 0.0
	}
	blockSum := cg.Reduce(warp, warpSum, cg.Plus[float32])
	blockSum2 := cg.Reduce(warp, warpSum2, cg.Plus[float32])

	blockSum /= float32(groupPixels)
	blockSum2 /= float32(groupPixels)
	m := blockSum
	variance := blockSum2 - m*m
	s := intrinsic.Rsqrtf(variance + 1e-5)
	if mean != nil && t.ThreadIdx.X == 0 {
		mean[t.BlockIdx.X] = m
	}
	if rstd != nil && t.ThreadIdx.X == 0 {
		rstd[t.BlockIdx.X] = s
	}

	for i := t.ThreadIdx.X; i < groupPixels; i += t.BlockDim.X {
		c := i / imgSize
		n := s * (x[i] - m)
		out[i] = n*weight[c] + bias[c]
	}
}

// GroupnormForward2Kernel is groupnorm_forward_kernel2 of groupnorm's
// main.cu: groupnorm_forward_kernel with the sums read as float4s, the
// tail after the last whole float4 read as floats.
//
//gocuda:kernel GroupnormForward2Kernel
func groupnormForwardKernel2(t *gocuda.Thread, x, weight, bias, out, mean, rstd []float32, B, C, imgSize, groupSize, nGroups int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	sharedSum := gocuda.Shared[float32](t, gnTPB/32)
	sharedSum2 := gocuda.Shared[float32](t, gnTPB/32)
	numWarps := t.BlockDim.X / 32
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32

	// pixels in each group
	groupPixels := imgSize * groupSize

	// group index for each batch ranges from 0 to n_groups-1
	g := t.BlockIdx.X % nGroups

	// move pointers
	x = x[t.BlockIdx.X*groupPixels:]
	out = out[t.BlockIdx.X*groupPixels:]
	// each block acceses group_size channels
	weight = weight[g*groupSize:]
	bias = bias[g*groupSize:]

	// vectorize the accesses
	vecCount := groupPixels / 4
	xVec := toFloat4s(x)

	threadSumV4 := float4{0, 0, 0, 0}
	threadSum2V4 := float4{0, 0, 0, 0}

	for i := t.ThreadIdx.X; i < vecCount; i += t.BlockDim.X {
		v := xVec[i]
		threadSumV4.X += v.X
		threadSumV4.Y += v.Y
		threadSumV4.Z += v.Z
		threadSumV4.W += v.W
		threadSum2V4.X += v.X * v.X
		threadSum2V4.Y += v.Y * v.Y
		threadSum2V4.Z += v.Z * v.Z
		threadSum2V4.W += v.W * v.W
	}

	threadSum := threadSumV4.X + threadSumV4.Y + threadSumV4.Z + threadSumV4.W
	threadSum2 := threadSum2V4.X + threadSum2V4.Y + threadSum2V4.Z + threadSum2V4.W

	for i := vecCount*4 + t.ThreadIdx.X; i < groupPixels; i += t.BlockDim.X {
		val := x[i]
		threadSum += val
		threadSum2 += val * val
	}

	// reduce from all warps
	warpSum := cg.Reduce(warp, threadSum, cg.Plus[float32])
	warpSum2 := cg.Reduce(warp, threadSum2, cg.Plus[float32])
	// store warp sum into shared memory
	sharedSum[warpID] = warpSum
	sharedSum2[warpID] = warpSum2
	t.SyncThreads()

	// load warp sums from shared memory
	if laneID < numWarps {
		warpSum = sharedSum[laneID]
	} else {
		warpSum = 0.0
	}
	if laneID < numWarps {
		warpSum2 = sharedSum2[laneID]
	} else {
		warpSum2 = 0.0
	}
	blockSum := cg.Reduce(warp, warpSum, cg.Plus[float32])
	blockSum2 := cg.Reduce(warp, warpSum2, cg.Plus[float32])

	blockSum /= float32(groupPixels)
	blockSum2 /= float32(groupPixels)
	m := blockSum
	variance := blockSum2 - m*m
	s := intrinsic.Rsqrtf(variance + 1e-5)
	if mean != nil && t.ThreadIdx.X == 0 {
		mean[t.BlockIdx.X] = m
	}
	if rstd != nil && t.ThreadIdx.X == 0 {
		rstd[t.BlockIdx.X] = s
	}

	for i := t.ThreadIdx.X; i < groupPixels; i += t.BlockDim.X {
		c := i / imgSize
		n := s * (x[i] - m)
		out[i] = n*weight[c] + bias[c]
	}
}

// ceilDiv is common.h's ceil_div.
func ceilDiv(dividend, divisor int) int {
	return (dividend + divisor - 1) / divisor
}

// GroupnormBackwardKernel is groupnorm_backward_kernel of groupnorm's
// main.cu: block b computes dx for group b and adds the group's
// channels' dweight and dbias with atomicAdd, a whole block per channel
// when img_size is a multiple of the block size and a warp per channel
// otherwise.
//
//gocuda:kernel GroupnormBackwardKernel
func groupnormBackwardKernel(t *gocuda.Thread, dout, x, mean, rstd, weight, dx, dweight, dbias []float32, B, C, imgSize, groupSize, nGroups int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	sharedSum := gocuda.Shared[float32](t, gnTPB/32)
	sharedSum2 := gocuda.Shared[float32](t, gnTPB/32)
	numWarps := t.BlockDim.X / 32
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32
	groupPixels := imgSize * groupSize
	// group index
	g := t.BlockIdx.X % nGroups

	// move pointers
	dout = dout[t.BlockIdx.X*imgSize*groupSize:]
	x = x[t.BlockIdx.X*imgSize*groupSize:]
	dx = dx[t.BlockIdx.X*imgSize*groupSize:]
	weight = weight[g*groupSize:]
	dweight = dweight[g*groupSize:]
	dbias = dbias[g*groupSize:]

	mVal := mean[t.BlockIdx.X]
	rstdVal := rstd[t.BlockIdx.X]

	// calculate the two mean terms in the group dimension
	// first is dout * weight, and second is dout * weight * norm
	// where norm = (x - mean) * rstd
	wDoutThread := float32(0.0)
	wDoutNormThread := float32(0.0)
	for i := t.ThreadIdx.X; i < groupPixels; i += t.BlockDim.X {
		c := i / imgSize
		curWDout := weight[c] * dout[i]
		wDoutThread += curWDout
		norm := (x[i] - mVal) * rstdVal
		wDoutNormThread += curWDout * norm
	}
	// warp reduce
	wDoutWarp := cg.Reduce(warp, wDoutThread, cg.Plus[float32])
	wDoutNormWarp := cg.Reduce(warp, wDoutNormThread, cg.Plus[float32])
	// store warp sum in shared mem
	sharedSum[warpID] = wDoutWarp
	sharedSum2[warpID] = wDoutNormWarp
	t.SyncThreads()

	// load warp sums from shared memory
	if laneID < numWarps {
		wDoutWarp = sharedSum[laneID]
	} else {
		wDoutWarp = 0.0
	}
	if laneID < numWarps {
		wDoutNormWarp = sharedSum2[laneID]
	} else {
		wDoutNormWarp = 0.0
	}
	wDoutBlock := cg.Reduce(warp, wDoutWarp, cg.Plus[float32])
	wDoutNormBlock := cg.Reduce(warp, wDoutNormWarp, cg.Plus[float32])
	wDoutBlock /= float32(groupPixels)
	wDoutNormBlock /= float32(groupPixels)

	// update dx
	for i := t.ThreadIdx.X; i < groupPixels; i += t.BlockDim.X {
		// in bounds of image
		// accumulate dw and db
		doutVal := dout[i]
		norm := (x[i] - mVal) * rstdVal

		// update dx
		c := (i / imgSize) % groupSize
		wDout := weight[c] * doutVal
		dx[i] = (wDout - wDoutBlock - norm*wDoutNormBlock) * rstdVal
	}
	// update dw and db
	// use different methods when the image size is large or small

	// if the image size is larger than the block size
	// loop over the channels and use the whole block on each channel
	// otherwise, assign each warp to a channel
	// in either case image size must be larger than the warp size
	if imgSize%t.BlockDim.X == 0 {
		for c := 0; c < groupSize; c++ {
			dwThread := float32(0.0)
			dbThread := float32(0.0)
			for i := t.ThreadIdx.X; i < imgSize; i += t.BlockDim.X {
				doutVal := dout[i]
				dbThread += doutVal
				norm := (x[i] - mVal) * rstdVal
				dwThread += doutVal * norm
			}

			// move pointers
			dout = dout[imgSize:]
			x = x[imgSize:]

			// warp reduce
			dwWarp := cg.Reduce(warp, dwThread, cg.Plus[float32])
			dbWarp := cg.Reduce(warp, dbThread, cg.Plus[float32])
			////// store warp sum in shared mem
			if laneID == 0 {
				sharedSum[warpID] = dwWarp
				sharedSum2[warpID] = dbWarp
			}
			t.SyncThreads()
			// use the first thread to reduce the shared memory sums and save to global memory
			if t.ThreadIdx.X == 0 {
				dwBlock := float32(0.0)
				dbBlock := float32(0.0)
				for i := 0; i < numWarps; i++ {
					dwBlock += sharedSum[i]
					dbBlock += sharedSum2[i]
				}
				atomic.Add(&dweight[c], dwBlock)
				atomic.Add(&dbias[c], dbBlock)
			}
		}
	} else {
		// if group size is large, need to loop over the group channels with the whole block
		blockReps := ceilDiv(groupSize, numWarps)
		for br := 0; br < blockReps; br++ {
			dwThread := float32(0.0)
			dbThread := float32(0.0)

			ch := br*numWarps + warpID
			if ch < groupSize {
				doutCh := dout[ch*imgSize:]
				xCh := x[ch*imgSize:]
				for i := laneID; i < imgSize; i += warp.Size() {
					doutVal := doutCh[i]
					dbThread += doutVal
					norm := (xCh[i] - mVal) * rstdVal
					dwThread += doutVal * norm
				}

				// warp reduce
				dwWarp := cg.Reduce(warp, dwThread, cg.Plus[float32])
				dbWarp := cg.Reduce(warp, dbThread, cg.Plus[float32])
				// since each warp takes care of an entire image
				// directly store result
				if laneID == 0 {
					atomic.Add(&dweight[ch], dwWarp)
					atomic.Add(&dbias[ch], dbWarp)
				}
			}
		}
	}
}
