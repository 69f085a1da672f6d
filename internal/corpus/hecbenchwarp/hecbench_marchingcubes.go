package hecbenchwarp

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's marchingCubes benchmark (zjin-lcf/HeCBench
// at f27000a, src/marchingCubes-cuda/main.cu, an implementation of
// Parallel Marching Blocks): computeMinMaxLv1 and computeMinMaxLv2 reduce
// the field's range over level-1 blocks (16×16×64 points) and their
// level-2 sub-blocks (4×4×8) by __shfl_down_sync and shared memory,
// compactLv1 and compactLv2 compact the blocks the iso-surface crosses by
// __shfl_up_sync scans and an atomicAdd, and generatingTriangles runs
// marching cubes in each level-2 block, counting vertices and triangles by
// scans and accumulating coordinates by float atomicAdd. The problem size
// N, 1024 in main.cu, is 127 here (so that the level-1 blocks, 8×8×2,
// still fill the 128 threads of compactLv1's one block); the other
// constexprs are main.cu's. unsigned int is uint32; uchar4 is McUchar4.

// The constexprs of main.cu (N reduced, see above).
const (
	mcN                    = uint32(127)
	mcNd2                  = mcN / 2
	mcVoxelXLv1            = uint32(16)
	mcVoxelYLv1            = uint32(16)
	mcVoxelZLv1            = uint32(64)
	mcGridXLv1             = (mcN - 1) / (mcVoxelXLv1 - 1)
	mcGridYLv1             = (mcN - 1) / (mcVoxelYLv1 - 1)
	mcGridZLv1             = (mcN - 1) / (mcVoxelZLv1 - 1)
	mcCountingThreadNumLv1 = uint32(128)
	mcBlockNum             = mcGridXLv1 * mcGridYLv1 * mcGridZLv1
	mcCountingBlockNumLv1  = mcBlockNum / mcCountingThreadNumLv1
	mcVoxelXLv2            = uint32(4)
	mcVoxelYLv2            = uint32(4)
	mcVoxelZLv2            = uint32(8)
	mcBlockXLv2            = uint32(5)
	mcBlockYLv2            = uint32(5)
	mcBlockZLv2            = uint32(9)
	mcVoxelNumLv2          = mcBlockXLv2 * mcBlockYLv2 * mcBlockZLv2
	mcCountingThreadNumLv2 = uint32(1024)
	mcGridXLv2             = mcGridXLv1 * mcBlockXLv2
	mcGridYLv2             = mcGridYLv1 * mcBlockYLv2
)

// McUchar4 is CUDA's uchar4.
type McUchar4 struct{ X, Y, Z, W uint8 }

// mcF is main.cu's f, the scalar field (its yf is computed from z, as in
// the original).
func mcF(x, y, z uint32) float32 {
	const d = float32(2.0) / float32(mcN)
	xf := float32(int32(x-mcNd2)) * d //[-1, 1)
	yf := float32(int32(z-mcNd2)) * d
	zf := float32(int32(z-mcNd2)) * d
	return 1 - 16*xf*yf*zf - 4*(xf*xf+yf*yf+zf*zf)
}

// mcZeroPoint is main.cu's zeroPoint.
func mcZeroPoint(x uint32, v0, v1, isoValue float32) float32 {
	return ((float32(x)*(v1-isoValue)+float32(x+1)*(isoValue-v0))/(v1-v0) - float32(mcNd2)) * (2.0 / float32(mcN))
}

// mcTransformToCoord is main.cu's transformToCoord.
func mcTransformToCoord(x uint32) float32 {
	return float32(int32(x)-int32(mcNd2)) * (2.0 / float32(mcN))
}

// McComputeMinMaxLv1Kernel is computeMinMaxLv1 of marchingCubes-cuda: a
// 16×16 block walks its level-1 block's 64 z planes, reduces min and max
// by shuffles within each warp and again in warp 0 through shared memory.
//
//gocuda:kernel McComputeMinMaxLv1Kernel
func mcComputeMinMaxLv1Kernel(t *gocuda.Thread, minMax []float32) {
	sminMax := gocuda.Shared[float32](t, 64)
	const threadNum = mcVoxelXLv1 * mcVoxelYLv1
	const warpNum = threadNum / 32
	x := uint32(t.BlockIdx.X)*(mcVoxelXLv1-1) + uint32(t.ThreadIdx.X)
	y := uint32(t.BlockIdx.Y)*(mcVoxelYLv1-1) + uint32(t.ThreadIdx.Y)
	z := uint32(t.BlockIdx.Z) * (mcVoxelZLv1 - 1)
	tid := uint32(t.ThreadIdx.X) + mcVoxelXLv1*uint32(t.ThreadIdx.Y)
	laneid := tid % 32
	blockid := uint32(t.BlockIdx.X) + mcGridXLv1*(uint32(t.BlockIdx.Y)+mcGridYLv1*uint32(t.BlockIdx.Z))
	warpid := tid >> 5
	v := mcF(x, y, z)
	minV, maxV := v, v
	for c0 := uint32(1); c0 < mcVoxelZLv1; c0++ {
		v = mcF(x, y, z+c0)
		if v < minV {
			minV = v
		}
		if v > maxV {
			maxV = v
		}
	}
	for c0 := 16; c0 > 0; c0 /= 2 {
		var t0, t1 float32
		t0 = gocuda.ShflDownSync(t, 0xffffffff, minV, c0, 32)
		t1 = gocuda.ShflDownSync(t, 0xffffffff, maxV, c0, 32)
		if t0 < minV {
			minV = t0
		}
		if t1 > maxV {
			maxV = t1
		}
	}
	if laneid == 0 {
		sminMax[warpid] = minV
		sminMax[warpid+warpNum] = maxV
	}
	t.SyncThreads()
	if warpid == 0 {
		minV = sminMax[laneid]
		maxV = sminMax[laneid+warpNum]
		for c0 := int(warpNum / 2); c0 > 0; c0 /= 2 {
			var t0, t1 float32
			t0 = gocuda.ShflDownSync(t, 0xffffffff, minV, c0, 32)
			t1 = gocuda.ShflDownSync(t, 0xffffffff, maxV, c0, 32)
			if t0 < minV {
				minV = t0
			}
			if t1 > maxV {
				maxV = t1
			}
		}
		if laneid == 0 {
			minMax[blockid*2] = minV
			minMax[blockid*2+1] = maxV
		}
	}
}

// McCompactLv1Kernel is compactLv1 of marchingCubes-cuda: the level-1
// blocks whose range holds isoValue, compacted by a block scan (warp
// scans by __shfl_up_sync, then a scan of the warp sums in warp 0) and one
// atomicAdd a block.
//
//gocuda:kernel McCompactLv1Kernel
func mcCompactLv1Kernel(t *gocuda.Thread, isoValue float32, minMax []float32, blockIndices, countedBlockNum []uint32) {
	sums := gocuda.Shared[uint32](t, 32)
	const warpNum = mcCountingThreadNumLv1 / 32
	tid := uint32(t.ThreadIdx.X)
	laneid := tid % 32
	bIdx := uint32(t.BlockIdx.X)*mcCountingThreadNumLv1 + tid
	warpid := tid >> 5
	var test uint32
	if minMax[2*bIdx] <= isoValue && minMax[2*bIdx+1] >= isoValue {
		test = 1
	} else {
		test = 0
	}
	testSum := test
	for c0 := 1; c0 < 32; c0 *= 2 {
		tp := gocuda.ShflUpSync(t, 0xffffffff, testSum, c0, 32)
		if laneid >= uint32(c0) {
			testSum += tp
		}
	}
	if laneid == 31 {
		sums[warpid] = testSum
	}
	t.SyncThreads()
	if warpid == 0 {
		warpSum := sums[laneid]
		for c0 := 1; uint32(c0) < warpNum; c0 *= 2 {
			tp := gocuda.ShflUpSync(t, 0xffffffff, warpSum, c0, 32)
			if laneid >= uint32(c0) {
				warpSum += tp
			}
		}
		sums[laneid] = warpSum
	}
	t.SyncThreads()
	if warpid != 0 {
		testSum += sums[warpid-1]
	}
	if tid == mcCountingThreadNumLv1-1 && testSum != 0 {
		sums[31] = atomic.Add(&countedBlockNum[0], testSum)
	}
	t.SyncThreads()
	if test != 0 {
		blockIndices[testSum+sums[31]-1] = bIdx
	}
}

// McComputeMinMaxLv2Kernel is computeMinMaxLv2 of marchingCubes-cuda:
// block b takes level-1 block blockIndicesLv1[b], threadIdx.y one of its
// 5×5 columns of sub-blocks, the 16 lanes of x one 4×4 plane, walking the
// 9 sub-blocks of the column and reducing each by 16-lane shuffles.
//
//gocuda:kernel McComputeMinMaxLv2Kernel
func mcComputeMinMaxLv2Kernel(t *gocuda.Thread, blockIndicesLv1 []uint32, minMax []float32) {
	tid := uint32(t.ThreadIdx.X)
	voxelOffset := uint32(t.ThreadIdx.Y)
	blockIndex := blockIndicesLv1[t.BlockIdx.X]
	tp := blockIndex
	x := (blockIndex%mcGridXLv1)*(mcVoxelXLv1-1) + (voxelOffset%5)*(mcVoxelXLv2-1) + (tid & 3)
	tp /= mcGridXLv1
	y := (tp%mcGridYLv1)*(mcVoxelYLv1-1) + (voxelOffset/5)*(mcVoxelYLv2-1) + (tid >> 2)
	tp /= mcGridYLv1
	z := tp * (mcVoxelZLv1 - 1)
	v := mcF(x, y, z)
	minV, maxV := v, v
	idx := 2 * (voxelOffset + mcVoxelNumLv2*uint32(t.BlockIdx.X))
	for c0 := uint32(0); c0 < mcBlockZLv2; c0++ {
		for c1 := uint32(1); c1 < mcVoxelZLv2; c1++ {
			v = mcF(x, y, z+c1)
			if v < minV {
				minV = v
			}
			if v > maxV {
				maxV = v
			}
		}
		z += mcVoxelZLv2 - 1
		for c1 := 8; c1 > 0; c1 /= 2 {
			var t0, t1 float32
			t0 = gocuda.ShflDownSync(t, 0xffffffff, minV, c1, 32)
			t1 = gocuda.ShflDownSync(t, 0xffffffff, maxV, c1, 32)
			if t0 < minV {
				minV = t0
			}
			if t1 > maxV {
				maxV = t1
			}
		}
		if tid == 0 {
			minMax[idx] = minV
			minMax[idx+1] = maxV
			const offsetSize = 2 * mcBlockXLv2 * mcBlockYLv2
			idx += offsetSize
		}
		minV = v
		maxV = v
	}
}

// McCompactLv2Kernel is compactLv2 of marchingCubes-cuda: the level-2
// blocks the iso-surface crosses, compacted as in compactLv1 over blocks of
// 1024, each written as its index in the level-2 grid.
//
//gocuda:kernel McCompactLv2Kernel
func mcCompactLv2Kernel(t *gocuda.Thread, isoValue float32, minMax []float32, blockIndicesLv1, blockIndicesLv2 []uint32, counterBlockNumLv1 uint32, countedBlockNumLv2 []uint32) {
	sums := gocuda.Shared[uint32](t, 32)
	const warpNum = mcCountingThreadNumLv2 / 32
	tid := uint32(t.ThreadIdx.X)
	laneid := tid % 32
	warpid := tid >> 5
	id0 := tid + uint32(t.BlockIdx.X)*mcCountingThreadNumLv2
	id1 := id0 / mcVoxelNumLv2
	var test uint32
	if id1 < counterBlockNumLv1 {
		if minMax[2*id0] <= isoValue && minMax[2*id0+1] >= isoValue {
			test = 1
		} else {
			test = 0
		}
	} else {
		test = 0
	}
	testSum := test
	for c0 := 1; c0 < 32; c0 *= 2 {
		tp := gocuda.ShflUpSync(t, 0xffffffff, testSum, c0, 32)
		if laneid >= uint32(c0) {
			testSum += tp
		}
	}
	if laneid == 31 {
		sums[warpid] = testSum
	}
	t.SyncThreads()
	if warpid == 0 {
		warpSum := sums[laneid]
		for c0 := 1; uint32(c0) < warpNum; c0 *= 2 {
			tp := gocuda.ShflUpSync(t, 0xffffffff, warpSum, c0, 32)
			if laneid >= uint32(c0) {
				warpSum += tp
			}
		}
		sums[laneid] = warpSum
	}
	t.SyncThreads()
	if warpid != 0 {
		testSum += sums[warpid-1]
	}
	if tid == mcCountingThreadNumLv2-1 {
		sums[31] = atomic.Add(&countedBlockNumLv2[0], testSum)
	}
	t.SyncThreads()
	if test != 0 {
		bIdx1 := blockIndicesLv1[id1]
		var bIdx2 uint32
		var x1, y1, z1 uint32
		var x2, y2, z2 uint32
		tp1 := bIdx1
		tp2 := (tid + uint32(t.BlockIdx.X)*mcCountingThreadNumLv2) % mcVoxelNumLv2
		x1 = tp1 % mcGridXLv1
		x2 = tp2 % mcBlockXLv2
		tp1 /= mcGridXLv1
		tp2 /= mcBlockXLv2
		y1 = tp1 % mcGridYLv1
		y2 = tp2 % mcBlockYLv2
		z1 = tp1 / mcGridYLv1
		z2 = tp2 / mcBlockYLv2
		bIdx2 = x2 + mcBlockXLv2*(x1+mcGridXLv1*(y2+mcBlockYLv2*(y1+mcGridYLv1*(z1*mcBlockZLv2+z2))))
		blockIndicesLv2[testSum+sums[31]-1] = bIdx2
	}
}
