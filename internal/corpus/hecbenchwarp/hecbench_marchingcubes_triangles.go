package hecbenchwarp

import (
	"math/bits"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds generatingTriangles of marchingCubes-cuda's main.cu
// (see hecbench_marchingcubes.go). The three-dimensional __shared__
// arrays are flat, indexed [z][y][x] by hand.

// mcValueIdx indexes generatingTriangles' value[voxelZLv2 + 1][voxelYLv2 +
// 1][voxelXLv2 + 1].
func mcValueIdx(z, y, x uint32) uint32 {
	return (z*(mcVoxelYLv2+1)+y)*(mcVoxelXLv2+1) + x
}

// mcVertexIdx indexes generatingTriangles' vertexIndices[voxelZLv2][voxelYLv2][voxelXLv2].
func mcVertexIdx(z, y, x uint32) uint32 {
	return (z*mcVoxelYLv2+y)*mcVoxelXLv2 + x
}

// McGeneratingTrianglesKernel is generatingTriangles of
// marchingCubes-cuda: a 4×4×8 block evaluates its level-2 block's field
// into shared memory (the threads on the far faces also the next plane),
// each thread classifies its cube, counts the vertices on its three own
// edges and (inside the block) its triangles, scans both counts over the
// block, the last thread reserves the block's ranges by atomicAdd, and
// each triangle's vertex indices and the vertices' coordinates are summed
// by atomicAdd.
//
//gocuda:kernel McGeneratingTrianglesKernel
func mcGeneratingTrianglesKernel(t *gocuda.Thread, isoValue float32, blockIndicesLv2 []uint32, distinctEdgesTable []uint16, triTable []int32, edgeIDTable []McUchar4,
	countedVerticesNum, countedTrianglesNum []uint32, triangles []uint64, coordX, coordY, coordZ, coordZP []float32) {
	vertexIndices := gocuda.Shared[uint16](t, int(mcVoxelZLv2*mcVoxelYLv2*mcVoxelXLv2))
	value := gocuda.Shared[float32](t, int((mcVoxelZLv2+1)*(mcVoxelYLv2+1)*(mcVoxelXLv2+1)))
	sumsVertices := gocuda.Shared[uint32](t, 32)
	sumsTriangles := gocuda.Shared[uint32](t, 32)

	tx, ty, tz := uint32(t.ThreadIdx.X), uint32(t.ThreadIdx.Y), uint32(t.ThreadIdx.Z)
	blockId := blockIndicesLv2[t.BlockIdx.X]
	tp := blockId
	x := (tp%mcGridXLv2)*(mcVoxelXLv2-1) + tx
	tp /= mcGridXLv2
	y := (tp%mcGridYLv2)*(mcVoxelYLv2-1) + ty
	z := (tp/mcGridYLv2)*(mcVoxelZLv2-1) + tz
	eds := uint32(7)
	value[mcValueIdx(tz, ty, tx)] = mcF(x, y, z)
	v := value[mcValueIdx(tz, ty, tx)]
	if tx == mcVoxelXLv2-1 {
		eds &= 6
		value[mcValueIdx(tz, ty, mcVoxelXLv2)] = mcF(x+1, y, z)
		if ty == mcVoxelYLv2-1 {
			value[mcValueIdx(tz, mcVoxelYLv2, mcVoxelXLv2)] = mcF(x+1, y+1, z)
		}
	}
	if ty == mcVoxelYLv2-1 {
		eds &= 5
		value[mcValueIdx(tz, mcVoxelYLv2, tx)] = mcF(x, y+1, z)
		if tz == mcVoxelZLv2-1 {
			value[mcValueIdx(mcVoxelZLv2, mcVoxelYLv2, tx)] = mcF(x, y+1, z+1)
		}
	}
	if tz == mcVoxelZLv2-1 {
		eds &= 3
		value[mcValueIdx(mcVoxelZLv2, ty, tx)] = mcF(x, y, z+1)
		if tx == mcVoxelXLv2-1 {
			value[mcValueIdx(mcVoxelZLv2, ty, mcVoxelXLv2)] = mcF(x+1, y, z+1)
		}
	}
	eds <<= 13
	t.SyncThreads()
	cubeCase := uint32(0)
	if value[mcValueIdx(tz, ty, tx)] < isoValue {
		cubeCase |= 1
	}
	if value[mcValueIdx(tz, ty, tx+1)] < isoValue {
		cubeCase |= 2
	}
	if value[mcValueIdx(tz, ty+1, tx+1)] < isoValue {
		cubeCase |= 4
	}
	if value[mcValueIdx(tz, ty+1, tx)] < isoValue {
		cubeCase |= 8
	}
	if value[mcValueIdx(tz+1, ty, tx)] < isoValue {
		cubeCase |= 16
	}
	if value[mcValueIdx(tz+1, ty, tx+1)] < isoValue {
		cubeCase |= 32
	}
	if value[mcValueIdx(tz+1, ty+1, tx+1)] < isoValue {
		cubeCase |= 64
	}
	if value[mcValueIdx(tz+1, ty+1, tx)] < isoValue {
		cubeCase |= 128
	}

	var distinctEdges uint32
	if eds != 0 {
		distinctEdges = uint32(distinctEdgesTable[cubeCase])
	}
	var numTriangles uint32
	if eds != 0xe000 {
		numTriangles = 0
	} else {
		numTriangles = distinctEdges & 7
	}
	distinctEdges &= eds
	numVertices := uint32(bits.OnesCount32(distinctEdges))
	laneid := (tx + mcVoxelXLv2*(ty+mcVoxelYLv2*tz)) % 32
	warpid := (tx + mcVoxelXLv2*(ty+mcVoxelYLv2*tz)) >> 5
	const threadNum = mcVoxelXLv2 * mcVoxelYLv2 * mcVoxelZLv2
	const warpNum = threadNum / 32
	sumVertices := numVertices
	sumTriangles := numTriangles

	for c0 := 1; c0 < 32; c0 *= 2 {
		tp0 := gocuda.ShflUpSync(t, 0xffffffff, sumVertices, c0, 32)
		tp1 := gocuda.ShflUpSync(t, 0xffffffff, sumTriangles, c0, 32)
		if laneid >= uint32(c0) {
			sumVertices += tp0
			sumTriangles += tp1
		}
	}
	if laneid == 31 {
		sumsVertices[warpid] = sumVertices
		sumsTriangles[warpid] = sumTriangles
	}
	t.SyncThreads()
	if warpid == 0 {
		warpSumVertices := sumsVertices[laneid]
		warpSumTriangles := sumsTriangles[laneid]
		for c0 := 1; uint32(c0) < warpNum; c0 *= 2 {
			tp0 := gocuda.ShflUpSync(t, 0xffffffff, warpSumVertices, c0, 32)
			tp1 := gocuda.ShflUpSync(t, 0xffffffff, warpSumTriangles, c0, 32)
			if laneid >= uint32(c0) {
				warpSumVertices += tp0
				warpSumTriangles += tp1
			}
		}
		sumsVertices[laneid] = warpSumVertices
		sumsTriangles[laneid] = warpSumTriangles
	}
	t.SyncThreads()
	if warpid != 0 {
		sumVertices += sumsVertices[warpid-1]
		sumTriangles += sumsTriangles[warpid-1]
	}
	if eds == 0 {
		sumsVertices[31] = atomic.Add(&countedVerticesNum[0], sumVertices)
		sumsTriangles[31] = atomic.Add(&countedTrianglesNum[0], sumTriangles)
	}

	interOffsetVertices := sumVertices - numVertices
	sumVertices = interOffsetVertices + sumsVertices[31]           //exclusive offset
	sumTriangles = sumTriangles + sumsTriangles[31] - numTriangles //exclusive offset
	vertexIndices[mcVertexIdx(tz, ty, tx)] = uint16(interOffsetVertices | distinctEdges)
	t.SyncThreads()

	for c0 := uint32(0); c0 < numTriangles; c0++ {
		for c1 := uint32(0); c1 < 3; c1++ {
			edgeID := triTable[16*cubeCase+3*c0+c1]
			edgePos := edgeIDTable[edgeID]
			vertexIndex := vertexIndices[mcVertexIdx(tz+uint32(edgePos.Z), ty+uint32(edgePos.Y), tx+uint32(edgePos.X))]
			tp := uint32(bits.OnesCount16(vertexIndex>>(16-edgePos.W))) + uint32(vertexIndex&0x1fff)
			atomic.Add(&triangles[0], uint64(sumsVertices[31]+tp))
		}
	}

	// sumVertices may be too large for a GPU memory
	zp, cx, cy, cz := float32(0), float32(0), float32(0), float32(0)

	if distinctEdges&(1<<15) != 0 {
		zp = mcZeroPoint(x, v, value[mcValueIdx(tz, ty, tx+1)], isoValue)
		cy = mcTransformToCoord(y)
		cz = mcTransformToCoord(z)
	}

	if distinctEdges&(1<<14) != 0 {
		cx = mcTransformToCoord(x)
		zp += mcZeroPoint(y, v, value[mcValueIdx(tz, ty+1, tx)], isoValue)
		cz += mcTransformToCoord(z)
	}

	if distinctEdges&(1<<13) != 0 {
		cx += mcTransformToCoord(x)
		cy += mcTransformToCoord(y)
		zp += mcZeroPoint(z, v, value[mcValueIdx(tz+1, ty, tx)], isoValue)
	}

	atomic.Add(&coordX[0], cx)
	atomic.Add(&coordY[0], cy)
	atomic.Add(&coordZ[0], cz)
	atomic.Add(&coordZP[0], zp)
}
