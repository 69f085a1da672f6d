package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's morphology (src/morphology-cuda/morphology.cu
// at f27000a): the van Herk/Gil-Werman erosion and dilation, vhgw_horiz
// and vhgw_vert, with their __device__ helpers twoWayScan, elementOp and
// borderValue. The template value parameter MorphOpType is an argument;
// elementOp<opType> and borderValue<opType>, specialised per operation in
// the original, switch on it. The unused scan and reversedScan templates
// are not ported.

// morphOpType is morphology.cu's MorphOpType.
type morphOpType int

// MorphOpType's ERODE and DILATE.
const (
	morphErode morphOpType = iota
	morphDilate
)

// morphology.h's BLACK and WHITE.
const (
	morphBlack = 0
	morphWhite = 255
)

// elementOp is elementOp<opType>: min for erosion, max for dilation.
func elementOp(opType morphOpType, lhs, rhs uint8) uint8 {
	if opType == morphErode {
		return min(lhs, rhs)
	}
	return max(lhs, rhs)
}

// borderValue is borderValue<opType>: black for erosion, white for
// dilation.
func borderValue(opType morphOpType) uint8 {
	if opType == morphErode {
		return morphBlack
	}
	return morphWhite
}

// twoWayScan is twoWayScan<opType>, a step-efficient scan in place: a
// suffix scan of the first selSize elements and a prefix scan of the
// selSize from selSize-1, with a barrier a step.
func twoWayScan(t *gocuda.Thread, opType morphOpType, buffer, opArray []uint8, selSize, tid int) {
	opArray[tid] = buffer[tid]
	opArray[tid+selSize] = buffer[tid+selSize]
	t.SyncThreads()

	for offset := 1; offset < selSize; offset *= 2 {
		if tid >= offset {
			opArray[tid+selSize-1] =
				elementOp(opType, opArray[tid+selSize-1], opArray[tid+selSize-1-offset])
		}
		if tid <= selSize-1-offset {
			opArray[tid] = elementOp(opType, opArray[tid], opArray[tid+offset])
		}
		t.SyncThreads()
	}
}

// VhgwHorizKernel is vhgw_horiz<opType>: a block of selSize threads along
// a row loads 2·selSize pixels, scans them both ways, and writes each
// window's minimum (maximum) at its centre; threads past the image return
// before the barriers.
//
//gocuda:kernel VhgwHorizKernel
func vhgwHorizKernel(t *gocuda.Thread, opType morphOpType, dst, src []uint8, width, height, selSize int) {
	sMem := gocuda.DynamicShared[uint8](t)
	buffer := sMem
	opArray := buffer[2*selSize:]

	tidx := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	tidy := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y

	if tidx >= width || tidy >= height {
		return
	}

	buffer[t.ThreadIdx.X] = src[tidy*width+tidx]
	if tidx+selSize < width {
		buffer[t.ThreadIdx.X+selSize] = src[tidy*width+tidx+selSize]
	}
	t.SyncThreads()

	twoWayScan(t, opType, buffer, opArray, selSize, t.ThreadIdx.X)

	if tidx+selSize/2 < width-selSize/2 {
		dst[tidy*width+tidx+selSize/2] =
			elementOp(opType, opArray[t.ThreadIdx.X], opArray[t.ThreadIdx.X+selSize-1])
	}
}

// VhgwVertKernel is vhgw_vert<opType>: the same down a column, the rows
// within selSize/2 of the top and bottom set to the border value.
//
//gocuda:kernel VhgwVertKernel
func vhgwVertKernel(t *gocuda.Thread, opType morphOpType, dst, src []uint8, width, height, selSize int) {
	sMem := gocuda.DynamicShared[uint8](t)
	buffer := sMem
	opArray := buffer[2*selSize:]

	tidx := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	tidy := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	if tidy >= height || tidx >= width {
		return
	}

	buffer[t.ThreadIdx.Y] = src[tidy*width+tidx]
	if tidy+selSize < height {
		buffer[t.ThreadIdx.Y+selSize] = src[(tidy+selSize)*width+tidx]
	}
	t.SyncThreads()

	twoWayScan(t, opType, buffer, opArray, selSize, t.ThreadIdx.Y)

	if tidy+selSize/2 < height-selSize/2 {
		dst[(tidy+selSize/2)*width+tidx] =
			elementOp(opType, opArray[t.ThreadIdx.Y], opArray[t.ThreadIdx.Y+selSize-1])
	}

	if tidy < selSize/2 || tidy >= height-selSize/2 {
		dst[tidy*width+tidx] = borderValue(opType)
	}
}
