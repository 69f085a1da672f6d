package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's recursiveGaussian (src/recursiveGaussian-
// cuda/main.cu at f27000a, after NVIDIA's OpenCL sample, built with
// CLAMP_TO_EDGE): Transpose, SimpleRecursiveRGBA and RecursiveRGBA, with
// rgbaUintToFloat4 (boxfilter's) and rgbaFloat4ToUint (unscaled here).
// The filters walk a column with pointers moved forward and back a row
// at a time; the pointers are indices into the slices (in, out), moved
// the same way.

// rgbaFloat4ToUintRG is recursiveGaussian's rgbaFloat4ToUint: a float4 to
// a packed RGBA pixel.
func rgbaFloat4ToUintRG(rgba Float4) uint32 {
	uiPackedRGBA := uint32(0)
	uiPackedRGBA |= 0x000000FF & uint32(rgba.X)
	uiPackedRGBA |= 0x0000FF00 & (uint32(rgba.Y) << 8)
	uiPackedRGBA |= 0x00FF0000 & (uint32(rgba.Z) << 16)
	uiPackedRGBA |= 0xFF000000 & (uint32(rgba.W) << 24)
	return uiPackedRGBA
}

// scaleF4 is helper_math.h's float4 * float.
func scaleF4(a Float4, s float32) Float4 { return Float4{a.X * s, a.Y * s, a.Z * s, a.W * s} }

// RGTransposeKernel is Transpose of recursiveGaussian: a 16×16 tile
// through a padded shared buffer indexed by the block's dimensions.
//
//gocuda:kernel RGTransposeKernel
func rgTransposeKernel(t *gocuda.Thread, uiDataIn, uiDataOut []uint32, iWidth, iHeight int) {
	// read the matrix tile into LMEM
	xIndex := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	yIndex := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	uiLocalBuff := gocuda.Shared[uint32](t, 16*17)

	if (xIndex < iWidth) && (yIndex < iHeight) {
		uiLocalBuff[t.ThreadIdx.Y*(t.BlockDim.X+1)+t.ThreadIdx.X] = uiDataIn[(yIndex*iWidth)+xIndex]
	}

	// Synchronize the read into LMEM
	t.SyncThreads()

	// write the transposed matrix tile to global memory
	xIndex = t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.X
	yIndex = t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.Y
	if (xIndex < iHeight) && (yIndex < iWidth) {
		uiDataOut[(yIndex*iHeight)+xIndex] = uiLocalBuff[t.ThreadIdx.X*(t.BlockDim.Y+1)+t.ThreadIdx.Y]
	}
}

// SimpleRecursiveRGBAKernel is SimpleRecursiveRGBA: a first-order
// recursive filter down a column and back up, one column a thread;
// threads past the last column return.
//
//gocuda:kernel SimpleRecursiveRGBAKernel
func simpleRecursiveRGBAKernel(t *gocuda.Thread, uiDataIn, uiDataOut []uint32, iWidth, iHeight int, a float32) {
	// compute X pixel location and check in-bounds
	X := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if X >= iWidth {
		return
	}

	// advance global pointers to correct column for this work item and x position
	in := X
	out := X

	// start forward filter pass
	yp := rgbaUintToFloat4(uiDataIn[in]) // previous output
	for Y := 0; Y < iHeight; Y++ {
		xc := rgbaUintToFloat4(uiDataIn[in])
		yc := addF4(xc, mulF4(subF4(yp, xc), Float4{a, a, a, a}))
		uiDataOut[out] = rgbaFloat4ToUintRG(yc)
		yp = yc
		in += iWidth  // move to next row
		out += iWidth // move to next row
	}

	// reset global pointers to point to last element in column for this work item and x position
	in -= iWidth
	out -= iWidth

	// start reverse filter pass: ensures response is symmetrical
	yp = rgbaUintToFloat4(uiDataIn[in])
	for Y := iHeight - 1; Y > -1; Y-- {
		xc := rgbaUintToFloat4(uiDataIn[in])
		yc := addF4(xc, mulF4(subF4(yp, xc), Float4{a, a, a, a}))
		uiDataOut[out] = rgbaFloat4ToUintRG(scaleF4(addF4(rgbaUintToFloat4(uiDataOut[out]), yc), 0.5))
		yp = yc
		in -= iWidth  // move to previous row
		out -= iWidth // move to previous row
	}
}

// RecursiveRGBAKernel is RecursiveRGBA: Deriche's second-order recursive
// Gaussian down a column and back up (edges clamped), the two passes
// summed, one column a thread; threads past the last column return.
//
//gocuda:kernel RecursiveRGBAKernel
func recursiveRGBAKernel(t *gocuda.Thread, uiDataIn, uiDataOut []uint32, iWidth, iHeight int, a0, a1, a2, a3, b1, b2, coefp, coefn float32) {
	// compute X pixel location and check in-bounds
	X := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if X >= iWidth {
		return
	}

	// advance global pointers to correct column for this work item and x position
	in := X
	out := X

	// start forward filter pass
	xp := Float4{0.0, 0.0, 0.0, 0.0} // previous input
	yp := Float4{0.0, 0.0, 0.0, 0.0} // previous output
	yb := Float4{0.0, 0.0, 0.0, 0.0} // previous output by 2

	// CLAMP_TO_EDGE
	xp = rgbaUintToFloat4(uiDataIn[in])
	yb = mulF4(xp, Float4{coefp, coefp, coefp, coefp})
	yp = yb

	for Y := 0; Y < iHeight; Y++ {
		xc := rgbaUintToFloat4(uiDataIn[in])
		yc := subF4(subF4(addF4(scaleF4(xc, a0), scaleF4(xp, a1)), scaleF4(yp, b1)), scaleF4(yb, b2))
		uiDataOut[out] = rgbaFloat4ToUintRG(yc)
		xp = xc
		yb = yp
		yp = yc
		in += iWidth  // move to next row
		out += iWidth // move to next row
	}

	// reset global pointers to point to last element in column for this work item and x position
	in -= iWidth
	out -= iWidth

	// start reverse filter pass: ensures response is symmetrical
	xn := Float4{0.0, 0.0, 0.0, 0.0}
	xa := Float4{0.0, 0.0, 0.0, 0.0}
	yn := Float4{0.0, 0.0, 0.0, 0.0}
	ya := Float4{0.0, 0.0, 0.0, 0.0}

	// CLAMP_TO_EDGE
	xn = rgbaUintToFloat4(uiDataIn[in])
	xa = xn
	yn = mulF4(xn, Float4{coefn, coefn, coefn, coefn})
	ya = yn

	for Y := iHeight - 1; Y > -1; Y-- {
		xc := rgbaUintToFloat4(uiDataIn[in])
		yc := subF4(subF4(addF4(scaleF4(xn, a2), scaleF4(xa, a3)), scaleF4(yn, b1)), scaleF4(ya, b2))
		xa = xn
		xn = xc
		ya = yn
		yn = yc
		uiDataOut[out] = rgbaFloat4ToUintRG(addF4(rgbaUintToFloat4(uiDataOut[out]), yc))
		in -= iWidth  // move to previous row
		out -= iWidth // move to previous row
	}
}
