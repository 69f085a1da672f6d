package samplesbooks

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds kernels of NVIDIA/cuda-samples'
// 2_Concepts_and_Techniques/dct8x8 (at c94ff366): dct8x8_kernel2.cuh's
// CUDAkernel2DCT and CUDAkernel2IDCT, 8×8 JPEG (I)DCTs of blocks of an
// image plane through a padded shared tile, rows then columns, and
// dct8x8_kernel_quantization.cuh's CUDAkernelQuantizationFloat and
// CUDAkernelQuantizationShort. The __constant__ quantization table Q is
// an argument read as a slice; FMUL is __mul24; a float pointer walked
// by a step is a subslice.

// Common.h's BLOCK_SIZE and dct8x8_kernel2.cuh's KER2_ constants.
const (
	dctBlockSize        = 8
	ker2BlockWidth      = 32
	ker2BlockHeight     = 16
	ker2SmemblockStride = ker2BlockWidth + 1
)

// dct8x8_kernel2.cuh's C_a..C_f (√2·cos(kπ/16)) and C_norm (1/√8).
const (
	dctCa    = float32(1.387039845322148)
	dctCb    = float32(1.306562964876377)
	dctCc    = float32(1.175875602419359)
	dctCd    = float32(0.785694958387102)
	dctCe    = float32(0.541196100146197)
	dctCf    = float32(0.275899379282943)
	dctCnorm = float32(0.3535533905932737)
)

// inplaceDCTvector is CUDAsubroutineInplaceDCTvector of
// dct8x8_kernel2.cuh: the 8-point DCT of Vect0[0], Vect0[Step], ...,
// Vect0[7·Step] in place.
func inplaceDCTvector(Vect0 []float32, Step int) {
	Vect1 := Vect0[Step:]
	Vect2 := Vect1[Step:]
	Vect3 := Vect2[Step:]
	Vect4 := Vect3[Step:]
	Vect5 := Vect4[Step:]
	Vect6 := Vect5[Step:]
	Vect7 := Vect6[Step:]

	X07P := Vect0[0] + Vect7[0]
	X16P := Vect1[0] + Vect6[0]
	X25P := Vect2[0] + Vect5[0]
	X34P := Vect3[0] + Vect4[0]

	X07M := Vect0[0] - Vect7[0]
	X61M := Vect6[0] - Vect1[0]
	X25M := Vect2[0] - Vect5[0]
	X43M := Vect4[0] - Vect3[0]

	X07P34PP := X07P + X34P
	X07P34PM := X07P - X34P
	X16P25PP := X16P + X25P
	X16P25PM := X16P - X25P

	Vect0[0] = dctCnorm * (X07P34PP + X16P25PP)
	Vect2[0] = dctCnorm * (dctCb*X07P34PM + dctCe*X16P25PM)
	Vect4[0] = dctCnorm * (X07P34PP - X16P25PP)
	Vect6[0] = dctCnorm * (dctCe*X07P34PM - dctCb*X16P25PM)

	Vect1[0] = dctCnorm * (dctCa*X07M - dctCc*X61M + dctCd*X25M - dctCf*X43M)
	Vect3[0] = dctCnorm * (dctCc*X07M + dctCf*X61M - dctCa*X25M + dctCd*X43M)
	Vect5[0] = dctCnorm * (dctCd*X07M + dctCa*X61M + dctCf*X25M - dctCc*X43M)
	Vect7[0] = dctCnorm * (dctCf*X07M + dctCd*X61M + dctCc*X25M + dctCa*X43M)
}

// inplaceIDCTvector is CUDAsubroutineInplaceIDCTvector of
// dct8x8_kernel2.cuh: the 8-point inverse DCT, in place.
func inplaceIDCTvector(Vect0 []float32, Step int) {
	Vect1 := Vect0[Step:]
	Vect2 := Vect1[Step:]
	Vect3 := Vect2[Step:]
	Vect4 := Vect3[Step:]
	Vect5 := Vect4[Step:]
	Vect6 := Vect5[Step:]
	Vect7 := Vect6[Step:]

	Y04P := Vect0[0] + Vect4[0]
	Y2b6eP := dctCb*Vect2[0] + dctCe*Vect6[0]

	Y04P2b6ePP := Y04P + Y2b6eP
	Y04P2b6ePM := Y04P - Y2b6eP
	Y7f1aP3c5dPP := dctCf*Vect7[0] + dctCa*Vect1[0] + dctCc*Vect3[0] + dctCd*Vect5[0]
	Y7a1fM3d5cMP := dctCa*Vect7[0] - dctCf*Vect1[0] + dctCd*Vect3[0] - dctCc*Vect5[0]

	Y04M := Vect0[0] - Vect4[0]
	Y2e6bM := dctCe*Vect2[0] - dctCb*Vect6[0]

	Y04M2e6bMP := Y04M + Y2e6bM
	Y04M2e6bMM := Y04M - Y2e6bM
	Y1c7dM3f5aPM := dctCc*Vect1[0] - dctCd*Vect7[0] - dctCf*Vect3[0] - dctCa*Vect5[0]
	Y1d7cP3a5fMM := dctCd*Vect1[0] + dctCc*Vect7[0] - dctCa*Vect3[0] + dctCf*Vect5[0]

	Vect0[0] = dctCnorm * (Y04P2b6ePP + Y7f1aP3c5dPP)
	Vect7[0] = dctCnorm * (Y04P2b6ePP - Y7f1aP3c5dPP)
	Vect4[0] = dctCnorm * (Y04P2b6ePM + Y7a1fM3d5cMP)
	Vect3[0] = dctCnorm * (Y04P2b6ePM - Y7a1fM3d5cMP)

	Vect1[0] = dctCnorm * (Y04M2e6bMP + Y1c7dM3f5aPM)
	Vect5[0] = dctCnorm * (Y04M2e6bMM - Y1d7cP3a5fMM)
	Vect2[0] = dctCnorm * (Y04M2e6bMM + Y1d7cP3a5fMM)
	Vect6[0] = dctCnorm * (Y04M2e6bMP - Y1c7dM3f5aPM)
}

// CUDAKernel2DCTKernel is CUDAkernel2DCT of dct8x8_kernel2.cuh: blocks of
// 8×4×2 threads cover 32×16 pixels, eight threads an 8×8 block; each
// thread loads a column of 8 into the padded shared tile, transforms a
// row, then a column, and stores its column.
//
//gocuda:kernel CUDAKernel2DCTKernel
func cudaKernel2DCTKernel(t *gocuda.Thread, dst, src []float32, ImgStride int) {
	cta := cg.ThisThreadBlock(t)

	block := gocuda.Shared[float32](t, ker2BlockHeight*ker2SmemblockStride)

	OffsThreadInRow := t.ThreadIdx.Y*dctBlockSize + t.ThreadIdx.X
	OffsThreadInCol := t.ThreadIdx.Z * dctBlockSize
	off := int(intrinsic.Mul24(int32(t.BlockIdx.Y*ker2BlockHeight+OffsThreadInCol), int32(ImgStride))) + t.BlockIdx.X*ker2BlockWidth + OffsThreadInRow
	src = src[off:]
	dst = dst[off:]
	blPtr := block[OffsThreadInCol*ker2SmemblockStride+OffsThreadInRow:]

	for i := 0; i < dctBlockSize; i++ {
		blPtr[i*ker2SmemblockStride] = src[i*ImgStride]
	}

	cta.Sync()
	inplaceDCTvector(block[(OffsThreadInCol+t.ThreadIdx.X)*ker2SmemblockStride+OffsThreadInRow-t.ThreadIdx.X:], 1)

	cta.Sync()
	inplaceDCTvector(blPtr, ker2SmemblockStride)

	cta.Sync()
	for i := 0; i < dctBlockSize; i++ {
		dst[i*ImgStride] = blPtr[i*ker2SmemblockStride]
	}
}

// CUDAKernel2IDCTKernel is CUDAkernel2IDCT of dct8x8_kernel2.cuh: the same
// walk with the inverse transform.
//
//gocuda:kernel CUDAKernel2IDCTKernel
func cudaKernel2IDCTKernel(t *gocuda.Thread, dst, src []float32, ImgStride int) {
	cta := cg.ThisThreadBlock(t)

	block := gocuda.Shared[float32](t, ker2BlockHeight*ker2SmemblockStride)

	OffsThreadInRow := t.ThreadIdx.Y*dctBlockSize + t.ThreadIdx.X
	OffsThreadInCol := t.ThreadIdx.Z * dctBlockSize
	off := int(intrinsic.Mul24(int32(t.BlockIdx.Y*ker2BlockHeight+OffsThreadInCol), int32(ImgStride))) + t.BlockIdx.X*ker2BlockWidth + OffsThreadInRow
	src = src[off:]
	dst = dst[off:]
	blPtr := block[OffsThreadInCol*ker2SmemblockStride+OffsThreadInRow:]

	for i := 0; i < dctBlockSize; i++ {
		blPtr[i*ker2SmemblockStride] = src[i*ImgStride]
	}

	cta.Sync()
	inplaceIDCTvector(block[(OffsThreadInCol+t.ThreadIdx.X)*ker2SmemblockStride+OffsThreadInRow-t.ThreadIdx.X:], 1)

	cta.Sync()
	inplaceIDCTvector(blPtr, ker2SmemblockStride)

	cta.Sync()

	for i := 0; i < dctBlockSize; i++ {
		dst[i*ImgStride] = blPtr[i*ker2SmemblockStride]
	}
}

// CUDAKernelQuantizationFloatKernel is CUDAkernelQuantizationFloat of
// dct8x8_kernel_quantization.cuh: each coefficient rounded to a multiple
// of its entry of the quantization table.
//
//gocuda:kernel CUDAKernelQuantizationFloatKernel
func cudaKernelQuantizationFloatKernel(t *gocuda.Thread, SrcDst []float32, Stride int, Q []int16) {
	bx := t.BlockIdx.X
	by := t.BlockIdx.Y

	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y

	curCoef := SrcDst[(by*dctBlockSize+ty)*Stride+(bx*dctBlockSize+tx)]
	curQuant := float32(Q[ty*dctBlockSize+tx])

	quantized := float32(math.Round(float64(curCoef / curQuant)))
	curCoef = quantized * curQuant

	SrcDst[(by*dctBlockSize+ty)*Stride+(bx*dctBlockSize+tx)] = curCoef
}

// CUDAKernelQuantizationShortKernel is CUDAkernelQuantizationShort of
// dct8x8_kernel_quantization.cuh: the same in 16-bit integers, rounding
// half away from zero by hand, with a block barrier before the multiply.
//
//gocuda:kernel CUDAKernelQuantizationShortKernel
func cudaKernelQuantizationShortKernel(t *gocuda.Thread, SrcDst []int16, Stride int, Q []int16) {
	cta := cg.ThisThreadBlock(t)
	bx := t.BlockIdx.X
	by := t.BlockIdx.Y

	tx := t.ThreadIdx.X
	ty := t.ThreadIdx.Y

	curCoef := SrcDst[(by*dctBlockSize+ty)*Stride+(bx*dctBlockSize+tx)]
	curQuant := Q[ty*dctBlockSize+tx]

	if curCoef < 0 {
		curCoef = -curCoef
		curCoef += curQuant >> 1
		curCoef /= curQuant
		curCoef = -curCoef
	} else {
		curCoef += curQuant >> 1
		curCoef /= curQuant
	}

	cta.Sync()

	curCoef = curCoef * curQuant

	SrcDst[(by*dctBlockSize+ty)*Stride+(bx*dctBlockSize+tx)] = curCoef
}
