package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's medianfilter (src/medianfilter-cuda/
// MedianFilter.cu at f27000a, after NVIDIA's OpenCL sample): ckMedian, a
// 3×3 RGB median by binary search over the grey levels, through a shared
// tile with a one-pixel apron. C's uc4LocalData[iLocalPixOffset++].z, a
// read and an increment, is a read and then iLocalPixOffset++; a
// comparison added to an unsigned count is b2u.

// CkMedianKernel is ckMedian: each thread loads its pixel (the block's
// rows shifted up one), the first two rows of threads the two rows below
// the block, the edge columns the left and right aprons; after the
// barrier each thread finds its pixel's median in 8 halvings.
//
//gocuda:kernel CkMedianKernel
func ckMedianKernel(t *gocuda.Thread, uc4Source []Uchar4, uiDest []uint32, iLocalPixPitch, iImageWidth, iDevImageHeight int) {
	// Get parent image x and y pixel coordinates from global ID, and compute offset into parent GMEM data
	iLocalIdX := t.ThreadIdx.X
	iLocalIdY := t.ThreadIdx.Y
	iGroupIdX := t.BlockIdx.X
	iGroupIdY := t.BlockIdx.Y
	iBlockX := t.BlockDim.X
	iBlockY := t.BlockDim.Y
	iImagePosX := iGroupIdX*iBlockX + iLocalIdX
	iDevYPrime := iGroupIdY*iBlockY + iLocalIdY - 1 // Shift offset up 1 radius (1 row) for reads
	iImageX := iImageWidth

	uc4LocalData := gocuda.DynamicShared[Uchar4](t)

	iDevGMEMOffset := iDevYPrime*iImageX + iImagePosX

	// Compute initial offset of current pixel within work group LMEM block
	iLocalPixOffset := iLocalIdY*iLocalPixPitch + iLocalIdX + 1

	// Main read of GMEM data into LMEM
	if (iDevYPrime > -1) && (iDevYPrime < iDevImageHeight) && (iImagePosX < iImageWidth) {
		uc4LocalData[iLocalPixOffset] = uc4Source[iDevGMEMOffset]
	} else {
		uc4LocalData[iLocalPixOffset] = Uchar4{0, 0, 0, 0}
	}

	// Work items with y ID < 2 read bottom 2 rows of LMEM
	if iLocalIdY < 2 {
		// Increase local offset by 1 workgroup LMEM block height
		// to read in top rows from the next block region down
		iLocalPixOffset += iBlockY * iLocalPixPitch

		// If source offset is within the image boundaries
		if ((iDevYPrime + iBlockY) < iDevImageHeight) && (iImagePosX < iImageWidth) {
			// Read in top rows from the next block region down
			uc4LocalData[iLocalPixOffset] = uc4Source[iDevGMEMOffset+iBlockY*iImageX]
		} else {
			uc4LocalData[iLocalPixOffset] = Uchar4{0, 0, 0, 0}
		}
	}

	// Work items with x ID at right workgroup edge will read Left apron pixel
	if iLocalIdX == (iBlockX - 1) {
		// set local offset to read data from the next region over
		iLocalPixOffset = iLocalIdY * iLocalPixPitch

		// If source offset is within the image boundaries and not at the leftmost workgroup
		if (iDevYPrime > -1) && (iDevYPrime < iDevImageHeight) && (iGroupIdX > 0) {
			// Read data into the LMEM apron from the GMEM at the left edge of the next block region over
			uc4LocalData[iLocalPixOffset] = uc4Source[iDevYPrime*iImageX+iGroupIdX*iBlockX-1]
		} else {
			uc4LocalData[iLocalPixOffset] = Uchar4{0, 0, 0, 0}
		}

		// If in the bottom 2 rows of workgroup block
		if iLocalIdY < 2 {
			// Increase local offset by 1 workgroup LMEM block height
			// to read in top rows from the next block region down
			iLocalPixOffset += iBlockY * iLocalPixPitch

			// If source offset in the next block down isn't off the image and not at the leftmost workgroup
			if ((iDevYPrime + iBlockY) < iDevImageHeight) && (iGroupIdX > 0) {
				// read in from GMEM (reaching down 1 workgroup LMEM block height and left 1 pixel)
				uc4LocalData[iLocalPixOffset] = uc4Source[(iDevYPrime+iBlockY)*iImageX+iGroupIdX*iBlockX-1]
			} else {
				uc4LocalData[iLocalPixOffset] = Uchar4{0, 0, 0, 0}
			}
		}
	} else if iLocalIdX == 0 { // Work items with x ID at left workgroup edge will read right apron pixel
		// set local offset
		iLocalPixOffset = (iLocalIdY+1)*iLocalPixPitch - 1

		if (iDevYPrime > -1) && (iDevYPrime < iDevImageHeight) &&
			((iGroupIdX+1)*iBlockX < iImageWidth) {
			// read in from GMEM (reaching left 1 pixel) if source offset is within image boundaries
			uc4LocalData[iLocalPixOffset] = uc4Source[iDevYPrime*iImageX+(iGroupIdX+1)*iBlockX]
		} else {
			uc4LocalData[iLocalPixOffset] = Uchar4{0, 0, 0, 0}
		}

		// Read bottom 2 rows of workgroup LMEM block
		if iLocalIdY < 2 {
			// increase local offset by 1 workgroup LMEM block height
			iLocalPixOffset += iBlockY * iLocalPixPitch

			if ((iDevYPrime + iBlockY) < iDevImageHeight) &&
				((iGroupIdX+1)*iBlockX < iImageWidth) {
				// read in from GMEM (reaching down 1 workgroup LMEM block height and left 1 pixel) if source offset is within image boundaries
				uc4LocalData[iLocalPixOffset] = uc4Source[(iDevYPrime+iBlockY)*iImageX+(iGroupIdX+1)*iBlockX]
			} else {
				uc4LocalData[iLocalPixOffset] = Uchar4{0, 0, 0, 0}
			}
		}
	}

	// Synchronize the read into LMEM
	t.SyncThreads()

	// Compute

	// reset accumulators
	fMedianEstimate := [3]float32{128.0, 128.0, 128.0}
	fMinBound := [3]float32{0.0, 0.0, 0.0}
	fMaxBound := [3]float32{255.0, 255.0, 255.0}

	// now find the median using a binary search - Divide and Conquer 256 gv levels for 8 bit plane
	for iSearch := 0; iSearch < 8; iSearch++ { // for 8 bit data, use 0..8.  For 16 bit data, 0..16. More iterations for more bits.
		uiHighCount := [3]uint32{0, 0, 0}

		// set local offset and kernel offset
		iLocalPixOffset = iLocalIdY*iLocalPixPitch + iLocalIdX

		// Row1 Left Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		iLocalPixOffset++
		// Row1 Middle Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		iLocalPixOffset++
		// Row1 Right Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		// set the offset into SMEM for next row
		iLocalPixOffset += (iLocalPixPitch - 2)
		// Row2 Left Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		iLocalPixOffset++
		// Row2 Middle Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		iLocalPixOffset++
		// Row2 Right Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		// set the offset into SMEM for next row
		iLocalPixOffset += (iLocalPixPitch - 2)
		// Row3 Left Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		iLocalPixOffset++
		// Row3 Middle Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))
		iLocalPixOffset++
		// Row3 Right Pix (RGB)
		uiHighCount[0] += b2u(fMedianEstimate[0] < float32(uc4LocalData[iLocalPixOffset].X))
		uiHighCount[1] += b2u(fMedianEstimate[1] < float32(uc4LocalData[iLocalPixOffset].Y))
		uiHighCount[2] += b2u(fMedianEstimate[2] < float32(uc4LocalData[iLocalPixOffset].Z))

		//********************************
		// reset the appropriate bound, depending upon counter
		if uiHighCount[0] > 4 {
			fMinBound[0] = fMedianEstimate[0]
		} else {
			fMaxBound[0] = fMedianEstimate[0]
		}

		if uiHighCount[1] > 4 {
			fMinBound[1] = fMedianEstimate[1]
		} else {
			fMaxBound[1] = fMedianEstimate[1]
		}

		if uiHighCount[2] > 4 {
			fMinBound[2] = fMedianEstimate[2]
		} else {
			fMaxBound[2] = fMedianEstimate[2]
		}

		// refine the estimate
		fMedianEstimate[0] = 0.5 * (fMaxBound[0] + fMinBound[0])
		fMedianEstimate[1] = 0.5 * (fMaxBound[1] + fMinBound[1])
		fMedianEstimate[2] = 0.5 * (fMaxBound[2] + fMinBound[2])
	}

	// pack into a monochrome unsigned int
	uiPackedPix := 0x000000FF & uint32(fMedianEstimate[0]+0.5)
	uiPackedPix |= 0x0000FF00 & (uint32(fMedianEstimate[1]+0.5) << 8)
	uiPackedPix |= 0x00FF0000 & (uint32(fMedianEstimate[2]+0.5) << 16)

	// Write out to GMEM with restored offset
	if (iDevYPrime < iDevImageHeight) && (iImagePosX < iImageWidth) {
		uiDest[iDevGMEMOffset+iImageX] = uiPackedPix
	}
}
