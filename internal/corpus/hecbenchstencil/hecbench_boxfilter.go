package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's boxfilter (src/boxfilter-cuda/main.cu at
// f27000a, after NVIDIA's OpenCL box filter sample): row_kernel, a row
// pass through a shared tile of uchar4 pixels, and col_kernel, a running
// sum down each column with the edge pixels repeated, with their helpers
// rgbaUintToFloat4 and rgbaFloat4ToUint. helper_math.h's float4 operators
// are addF4, subF4 and mulF4.

// rgbaUintToFloat4 is boxfilter's rgbaUintToFloat4: a packed RGBA pixel
// to a float4.
func rgbaUintToFloat4(c uint32) Float4 {
	var rgba Float4
	rgba.X = float32(c & 0xff)
	rgba.Y = float32((c >> 8) & 0xff)
	rgba.Z = float32((c >> 16) & 0xff)
	rgba.W = float32((c >> 24) & 0xff)
	return rgba
}

// rgbaFloat4ToUint is boxfilter's rgbaFloat4ToUint: a float4 scaled by
// fScale to a packed RGBA pixel.
func rgbaFloat4ToUint(rgba Float4, fScale float32) uint32 {
	uiPackedPix := uint32(0)
	uiPackedPix |= 0x000000FF & uint32(rgba.X*fScale)
	uiPackedPix |= 0x0000FF00 & (uint32(rgba.Y*fScale) << 8)
	uiPackedPix |= 0x00FF0000 & (uint32(rgba.Z*fScale) << 16)
	uiPackedPix |= 0xFF000000 & (uint32(rgba.W*fScale) << 24)
	return uiPackedPix
}

// BoxRowKernel is row_kernel of boxfilter: a block of
// iRadiusAligned+uiNumOutputPix+iRadius threads loads that many pixels of
// one row (zero outside the image) into shared memory, and its middle
// uiNumOutputPix threads sum 2·iRadius+1 of them.
//
//gocuda:kernel BoxRowKernel
func boxRowKernel(t *gocuda.Thread, ucSource []Uchar4, uiDest []uint32, uiWidth, uiHeight, iRadius, iRadiusAligned int, fScale float32, uiNumOutputPix uint32) {
	uc4LocalData := gocuda.DynamicShared[Uchar4](t)

	lid := t.ThreadIdx.X
	gidx := t.BlockIdx.X
	gidy := t.BlockIdx.Y

	globalPosX := gidx*int(uiNumOutputPix) + lid - iRadiusAligned
	globalPosY := gidy
	iGlobalOffset := globalPosY*uiWidth + globalPosX

	// Read global data into LMEM
	if globalPosX >= 0 && globalPosX < uiWidth {
		uc4LocalData[lid] = ucSource[iGlobalOffset]
	} else {
		uc4LocalData[lid] = Uchar4{0, 0, 0, 0}
	}

	t.SyncThreads()

	if (globalPosX >= 0) && (globalPosX < uiWidth) && (lid >= iRadiusAligned) &&
		(lid < (iRadiusAligned + int(uiNumOutputPix))) {
		// Init summation registers to zero
		f4Sum := Float4{0.0, 0.0, 0.0, 0.0}

		// Do summation, using inline function to break up uint value from LMEM into independent RGBA values
		iOffsetX := lid - iRadius
		iLimit := iOffsetX + (2 * iRadius) + 1
		for ; iOffsetX < iLimit; iOffsetX++ {
			f4Sum.X += float32(uc4LocalData[iOffsetX].X)
			f4Sum.Y += float32(uc4LocalData[iOffsetX].Y)
			f4Sum.Z += float32(uc4LocalData[iOffsetX].Z)
			f4Sum.W += float32(uc4LocalData[iOffsetX].W)
		}

		// Use inline function to scale and convert registers to packed RGBA values in a uchar4,
		// and write back out to GMEM
		uiDest[iGlobalOffset] = rgbaFloat4ToUint(f4Sum, fScale)
	}
}

// BoxColKernel is col_kernel of boxfilter: one thread a column, a running
// box sum down it, the top and bottom pixels standing for those past the
// edges; threads past the last column return.
//
//gocuda:kernel BoxColKernel
func boxColKernel(t *gocuda.Thread, uiSource, uiDest []uint32, uiWidth, uiHeight, iRadius int, fScale float32) {
	globalPosX := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if globalPosX >= uiWidth {
		return
	}

	uiInputImage := uiSource[globalPosX:]
	uiOutputImage := uiDest[globalPosX:]

	var f4Sum Float4

	topColor := rgbaUintToFloat4(uiInputImage[0])
	botColor := rgbaUintToFloat4(uiInputImage[(uiHeight-1)*uiWidth])

	f4Sum = mulF4(topColor, Float4{float32(iRadius), float32(iRadius), float32(iRadius), float32(iRadius)})
	for y := 0; y < iRadius+1; y++ {
		if y < uiHeight {
			f4Sum = addF4(f4Sum, rgbaUintToFloat4(uiInputImage[y*uiWidth]))
		}
	}
	for y := 1; y < iRadius+1; y++ {
		if y+iRadius < uiHeight {
			f4Sum = addF4(f4Sum, rgbaUintToFloat4(uiInputImage[(y+iRadius)*uiWidth]))
			f4Sum = subF4(f4Sum, topColor)
			uiOutputImage[y*uiWidth] = rgbaFloat4ToUint(f4Sum, fScale)
		}
	}

	for y := iRadius + 1; y < uiHeight-iRadius; y++ {
		if y+iRadius < uiHeight && y-iRadius >= 0 {
			f4Sum = addF4(f4Sum, rgbaUintToFloat4(uiInputImage[(y+iRadius)*uiWidth]))
			f4Sum = subF4(f4Sum, rgbaUintToFloat4(uiInputImage[((y-iRadius)*uiWidth)-uiWidth]))
			uiOutputImage[y*uiWidth] = rgbaFloat4ToUint(f4Sum, fScale)
		}
	}

	for y := uiHeight - iRadius; y < uiHeight; y++ {
		if y < uiHeight && y-iRadius >= 0 {
			f4Sum = addF4(f4Sum, botColor)
			f4Sum = subF4(f4Sum, rgbaUintToFloat4(uiInputImage[((y-iRadius)*uiWidth)-uiWidth]))
			uiOutputImage[y*uiWidth] = rgbaFloat4ToUint(f4Sum, fScale)
		}
	}
}
