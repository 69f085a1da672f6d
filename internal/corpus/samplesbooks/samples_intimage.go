package samplesbooks

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the integral-image kernels of NVIDIA/cuda-samples'
// 2_Concepts_and_Techniques/shfl_scan/shfl_integral_image.cuh (at
// c94ff366), which package corpus does not port (it ports shfl_scan.cu's
// shfl_scan_test and uniform_add): shfl_intimage_rows, a row scan of 16
// bytes a thread through tile shuffles of a vector type, and
// shfl_vertical_shfl, a column scan by shuffles over a transposed shared
// tile. uint4 and uchar4 are Go structs; get_prefix_sum's memcpy of its
// array into the packed result is a struct literal of its elements.

// Uint4 is CUDA's uint4: four 32-bit words, 16 bytes of an image row.
type Uint4 struct{ X, Y, Z, W uint32 }

// uchar4 is CUDA's uchar4.
type uchar4 struct{ X, Y, Z, W uint8 }

// uintToUchar4 is uint_to_uchar4 of shfl_integral_image.cuh: the four
// bytes of in, lowest first.
func uintToUchar4(in uint32) uchar4 {
	return uchar4{
		uint8((in & 0x000000ff) >> 0), uint8((in & 0x0000ff00) >> 8), uint8((in & 0x00ff0000) >> 16), uint8((in & 0xff000000) >> 24)}
}

// packedResult is packed_result of shfl_integral_image.cuh.
type packedResult struct{ x, y, z, w Uint4 }

// getPrefixSum is get_prefix_sum of shfl_integral_image.cuh: the inclusive
// prefix sums, across the block, of the 16 bytes each thread holds; a
// shuffle scan in each warp, the warps' totals scanned by warp 0 through
// shared memory.
func getPrefixSum(t *gocuda.Thread, data Uint4, cta cg.ThreadBlock) packedResult {
	tile := cg.TiledPartition(cta, 32)

	sums := gocuda.Shared[uint32](t, 128)
	laneID := uint32(tile.ThreadRank())
	warpID := uint32(tile.MetaGroupRank())

	var result [16]uint32
	{
		a := uintToUchar4(data.X)
		b := uintToUchar4(data.Y)
		c := uintToUchar4(data.Z)
		d := uintToUchar4(data.W)

		result[0] = uint32(a.X)
		result[1] = uint32(a.X) + uint32(a.Y)
		result[2] = uint32(a.X) + uint32(a.Y) + uint32(a.Z)
		result[3] = uint32(a.X) + uint32(a.Y) + uint32(a.Z) + uint32(a.W)

		result[4] = uint32(b.X)
		result[5] = uint32(b.X) + uint32(b.Y)
		result[6] = uint32(b.X) + uint32(b.Y) + uint32(b.Z)
		result[7] = uint32(b.X) + uint32(b.Y) + uint32(b.Z) + uint32(b.W)

		result[8] = uint32(c.X)
		result[9] = uint32(c.X) + uint32(c.Y)
		result[10] = uint32(c.X) + uint32(c.Y) + uint32(c.Z)
		result[11] = uint32(c.X) + uint32(c.Y) + uint32(c.Z) + uint32(c.W)

		result[12] = uint32(d.X)
		result[13] = uint32(d.X) + uint32(d.Y)
		result[14] = uint32(d.X) + uint32(d.Y) + uint32(d.Z)
		result[15] = uint32(d.X) + uint32(d.Y) + uint32(d.Z) + uint32(d.W)
	}

	for i := 4; i <= 7; i++ {
		result[i] += result[3]
	}

	for i := 8; i <= 11; i++ {
		result[i] += result[7]
	}

	for i := 12; i <= 15; i++ {
		result[i] += result[11]
	}

	sum := result[15]

	// Scan the threads' totals across the warp, adding each lane's
	// predecessors' total to all 16 of its sums.
	for i := uint32(1); i < 32; i *= 2 {
		n := cg.ShflUp(tile, sum, int(i))

		if laneID >= i {
			for j := 0; j < 16; j++ {
				result[j] += n
			}

			sum += n
		}
	}

	// The last lane of each warp publishes the warp's total.
	if tile.ThreadRank() == (tile.Size() - 1) {
		sums[warpID] = result[15]
	}

	t.SyncThreads()

	if warpID == 0 {
		warpSum := sums[laneID]

		for i := uint32(1); i <= 16; i *= 2 {
			n := cg.ShflUp(tile, warpSum, int(i))

			if laneID >= i {
				warpSum += n
			}
		}

		sums[laneID] = warpSum
	}

	t.SyncThreads()

	if warpID > 0 {
		blockSum := sums[warpID-1]

		for i := 0; i < 16; i++ {
			result[i] += blockSum
		}
	}

	out := packedResult{
		Uint4{result[0], result[1], result[2], result[3]},
		Uint4{result[4], result[5], result[6], result[7]},
		Uint4{result[8], result[9], result[10], result[11]},
		Uint4{result[12], result[13], result[14], result[15]},
	}
	return out
}

// ShflIntimageRowsKernel is shfl_intimage_rows of shfl_integral_image.cuh:
// one block of 120 threads a 1920-byte scanline, each thread 16 bytes as
// a uint4; the row's prefix sums are transposed between lanes by
// shfl_xor of the uint4s so that each thread writes contiguous output.
//
//gocuda:kernel ShflIntimageRowsKernel
func shflIntimageRowsKernel(t *gocuda.Thread, img, integralImage []Uint4) {
	cta := cg.ThisThreadBlock(t)
	tile := cg.TiledPartition(cta, 32)

	id := uint32(t.ThreadIdx.X)
	scanline := img[t.BlockIdx.X*120:]
	result := getPrefixSum(t, scanline[id], cta)

	// idxToElem is the original's lambda, which reads result by reference.
	idxToElem := func(idx uint32) Uint4 {
		switch idx {
		case 0:
			return result.x
		case 1:
			return result.y
		case 2:
			return result.z
		case 3:
			return result.w
		}
		return Uint4{}
	}

	idMask := id & 3
	idSwizzle := (id + 2) & 3
	idShift := (id >> 2) << 4
	blockOffset := uint32(t.BlockIdx.X) * 480

	result.y = cg.ShflXor(tile, result.y, 1)
	result.z = cg.ShflXor(tile, result.z, 2)
	result.w = cg.ShflXor(tile, result.w, 3)

	integralImage[blockOffset+idMask+idShift] = idxToElem(idMask)
	integralImage[blockOffset+idSwizzle+idShift+8] = idxToElem(idSwizzle)

	// A second exchange puts the y and w quarters in order.
	result.x = cg.ShflXor(tile, result.x, 1)
	result.y = cg.ShflXor(tile, result.y, 1)
	result.z = cg.ShflXor(tile, result.z, 1)
	result.w = cg.ShflXor(tile, result.w, 1)

	integralImage[blockOffset+idMask+idShift+4] = idxToElem(idMask)
	integralImage[blockOffset+idSwizzle+idShift+12] = idxToElem(idSwizzle)
}

// ShflVerticalShflKernel is shfl_vertical_shfl of shfl_integral_image.cuh:
// blocks of 32×8 walk down 32 columns in 135 steps of 8 rows (the
// sample's 1080 rows), scanning each 8-row slab by shuffles over a
// transposed shared tile and carrying the running column sums.
//
//gocuda:kernel ShflVerticalShflKernel
func shflVerticalShflKernel(t *gocuda.Thread, img []uint32, width, height int) {
	sums := gocuda.Shared[[9]uint32](t, 32)
	tidx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	laneID := uint32(tidx % 8)
	stepSum := uint32(0)
	mask := uint32(0xffffffff)

	sums[t.ThreadIdx.X][t.ThreadIdx.Y] = 0
	t.SyncThreads()

	for step := 0; step < 135; step++ {
		sum := uint32(0)
		p := img[(t.ThreadIdx.Y+step*8)*width+tidx:]

		sum = p[0]
		sums[t.ThreadIdx.X][t.ThreadIdx.Y] = sum
		t.SyncThreads()

		// Transposed, a warp holds four columns' 8 values: scan them by
		// shuffles, segments of 8 lanes.
		partialSum := int32(0)
		j := t.ThreadIdx.X % 8
		k := t.ThreadIdx.X/8 + t.ThreadIdx.Y*4

		partialSum = int32(sums[k][j])

		for i := 1; i <= 8; i *= 2 {
			n := gocuda.ShflUpSync(t, mask, partialSum, i, 32)

			if laneID >= uint32(i) {
				partialSum += n
			}
		}

		sums[k][j] = uint32(partialSum)
		t.SyncThreads()

		if t.ThreadIdx.Y > 0 {
			sum += sums[t.ThreadIdx.X][t.ThreadIdx.Y-1]
		}

		sum += stepSum
		stepSum += sums[t.ThreadIdx.X][t.BlockDim.Y-1]
		t.SyncThreads()
		p[0] = sum
	}
}
