package corpus

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// This file holds the separable convolution of NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/convolutionSeparable/
// convolutionSeparable.cu. The sample's __constant__ c_Kernel is the
// cKernel argument, a view of constant memory; its pointer arithmetic on
// d_Src and d_Dst (which may point before the image, for the halo) is an
// offset into the slices.

const (
	kernelRadius = 8
	kernelLength = 2*kernelRadius + 1

	rowsBlockDimX   = 16
	rowsBlockDimY   = 4
	rowsResultSteps = 8
	rowsHaloSteps   = 1

	columnsBlockDimX   = 16
	columnsBlockDimY   = 8
	columnsResultSteps = 8
	columnsHaloSteps   = 1
)

// ConvolutionRowsKernel is convolutionRowsKernel: each block loads
// ROWS_RESULT_STEPS tiles of a row band and a halo tile each side (zeros
// outside the image) into shared memory, syncs, and convolves each
// result tile with the 17-tap kernel. Launch it with 16×4 blocks over
// imageW/128 × imageH/4; imageW a multiple of 128, imageH of 4.
//
//gocuda:kernel ConvolutionRowsKernel
func convolutionRowsKernel(t *gocuda.Thread, dDst, dSrc []float32, imageW, imageH, pitch int, cKernel mem.ConstView[float32]) {
	cta := cg.ThisThreadBlock(t)
	sData := gocuda.Shared[[(rowsResultSteps + 2*rowsHaloSteps) * rowsBlockDimX]float32](t, rowsBlockDimY)

	// Offset to the left halo edge
	baseX := (t.BlockIdx.X*rowsResultSteps-rowsHaloSteps)*rowsBlockDimX + t.ThreadIdx.X
	baseY := t.BlockIdx.Y*rowsBlockDimY + t.ThreadIdx.Y

	src := baseY*pitch + baseX
	dst := baseY*pitch + baseX

	// Load main data
	for i := rowsHaloSteps; i < rowsHaloSteps+rowsResultSteps; i++ {
		sData[t.ThreadIdx.Y][t.ThreadIdx.X+i*rowsBlockDimX] = dSrc[src+i*rowsBlockDimX]
	}

	// Load left halo
	for i := 0; i < rowsHaloSteps; i++ {
		if baseX >= -i*rowsBlockDimX {
			sData[t.ThreadIdx.Y][t.ThreadIdx.X+i*rowsBlockDimX] = dSrc[src+i*rowsBlockDimX]
		} else {
			sData[t.ThreadIdx.Y][t.ThreadIdx.X+i*rowsBlockDimX] = 0
		}
	}

	// Load right halo
	for i := rowsHaloSteps + rowsResultSteps; i < rowsHaloSteps+rowsResultSteps+rowsHaloSteps; i++ {
		if imageW-baseX > i*rowsBlockDimX {
			sData[t.ThreadIdx.Y][t.ThreadIdx.X+i*rowsBlockDimX] = dSrc[src+i*rowsBlockDimX]
		} else {
			sData[t.ThreadIdx.Y][t.ThreadIdx.X+i*rowsBlockDimX] = 0
		}
	}

	// Compute and store results
	cta.Sync()

	for i := rowsHaloSteps; i < rowsHaloSteps+rowsResultSteps; i++ {
		var sum float32

		for j := -kernelRadius; j <= kernelRadius; j++ {
			sum += cKernel.At(kernelRadius-j) * sData[t.ThreadIdx.Y][t.ThreadIdx.X+i*rowsBlockDimX+j]
		}

		dDst[dst+i*rowsBlockDimX] = sum
	}
}

// ConvolutionColumnsKernel is convolutionColumnsKernel: the same for
// column bands, COLUMNS_RESULT_STEPS tiles of 16×8 with a halo tile above
// and below, the shared array padded by one column. Launch it with 16×8
// blocks over imageW/16 × imageH/64; imageW a multiple of 16, imageH of
// 64.
//
//gocuda:kernel ConvolutionColumnsKernel
func convolutionColumnsKernel(t *gocuda.Thread, dDst, dSrc []float32, imageW, imageH, pitch int, cKernel mem.ConstView[float32]) {
	cta := cg.ThisThreadBlock(t)
	sData := gocuda.Shared[[(columnsResultSteps+2*columnsHaloSteps)*columnsBlockDimY + 1]float32](t, columnsBlockDimX)

	// Offset to the upper halo edge
	baseX := t.BlockIdx.X*columnsBlockDimX + t.ThreadIdx.X
	baseY := (t.BlockIdx.Y*columnsResultSteps-columnsHaloSteps)*columnsBlockDimY + t.ThreadIdx.Y
	src := baseY*pitch + baseX
	dst := baseY*pitch + baseX

	// Main data
	for i := columnsHaloSteps; i < columnsHaloSteps+columnsResultSteps; i++ {
		sData[t.ThreadIdx.X][t.ThreadIdx.Y+i*columnsBlockDimY] = dSrc[src+i*columnsBlockDimY*pitch]
	}

	// Upper halo
	for i := 0; i < columnsHaloSteps; i++ {
		if baseY >= -i*columnsBlockDimY {
			sData[t.ThreadIdx.X][t.ThreadIdx.Y+i*columnsBlockDimY] = dSrc[src+i*columnsBlockDimY*pitch]
		} else {
			sData[t.ThreadIdx.X][t.ThreadIdx.Y+i*columnsBlockDimY] = 0
		}
	}

	// Lower halo
	for i := columnsHaloSteps + columnsResultSteps; i < columnsHaloSteps+columnsResultSteps+columnsHaloSteps; i++ {
		if imageH-baseY > i*columnsBlockDimY {
			sData[t.ThreadIdx.X][t.ThreadIdx.Y+i*columnsBlockDimY] = dSrc[src+i*columnsBlockDimY*pitch]
		} else {
			sData[t.ThreadIdx.X][t.ThreadIdx.Y+i*columnsBlockDimY] = 0
		}
	}

	// Compute and store results
	cta.Sync()

	for i := columnsHaloSteps; i < columnsHaloSteps+columnsResultSteps; i++ {
		var sum float32

		for j := -kernelRadius; j <= kernelRadius; j++ {
			sum += cKernel.At(kernelRadius-j) * sData[t.ThreadIdx.X][t.ThreadIdx.Y+i*columnsBlockDimY+j]
		}

		dDst[dst+i*columnsBlockDimY*pitch] = sum
	}
}
