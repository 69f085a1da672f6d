package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's convolutionSeparable (src/convolutionSeparable-
// cuda/conv.cu at f27000a, after NVIDIA's OpenCL sample): conv_rows and
// conv_cols, the row and column passes of a separable convolution of
// radius 8. The original moves src and dst by baseY·pitch+baseX, which
// is negative for the first block's left (or upper) halo: that pointer
// arithmetic is an offset added to every index (srcOff, dstOff).

// conv.h's KERNEL_RADIUS and conv.cu's block shapes.
const (
	csKernelRadius      = 8
	csKernelLength      = 2*csKernelRadius + 1
	csRowsBlockDimX     = 16
	csColumnsBlockDimX  = 16
	csRowsBlockDimY     = 4
	csColumnsBlockDimY  = 8
	csRowsResultSteps   = 8
	csColumnsResultStep = 8
	csRowsHaloSteps     = 1
	csColumnsHaloSteps  = 1
)

// ConvRowsKernel is conv_rows: a 16×4 block convolves 8·16 pixels of each
// of its 4 rows, staged with one 16-pixel halo step each side.
//
//gocuda:kernel ConvRowsKernel
func convRowsKernel(t *gocuda.Thread, dst, src, kernel []float32, imageW, imageH, pitch int) {
	lData := gocuda.Shared[[(csRowsResultSteps + 2*csRowsHaloSteps) * csRowsBlockDimX]float32](t, csRowsBlockDimY)

	gidX := t.BlockIdx.X
	gidY := t.BlockIdx.Y
	lidX := t.ThreadIdx.X
	lidY := t.ThreadIdx.Y
	//Offset to the left halo edge
	baseX := (gidX*csRowsResultSteps-csRowsHaloSteps)*csRowsBlockDimX + lidX
	baseY := gidY*csRowsBlockDimY + lidY

	srcOff := baseY*pitch + baseX
	dstOff := baseY*pitch + baseX

	//Load main data
	for i := csRowsHaloSteps; i < csRowsHaloSteps+csRowsResultSteps; i++ {
		lData[lidY][lidX+i*csRowsBlockDimX] = src[srcOff+i*csRowsBlockDimX]
	}

	//Load left halo
	for i := 0; i < csRowsHaloSteps; i++ {
		if baseX+i*csRowsBlockDimX >= 0 {
			lData[lidY][lidX+i*csRowsBlockDimX] = src[srcOff+i*csRowsBlockDimX]
		} else {
			lData[lidY][lidX+i*csRowsBlockDimX] = 0
		}
	}

	//Load right halo
	for i := csRowsHaloSteps + csRowsResultSteps; i < csRowsHaloSteps+csRowsResultSteps+csRowsHaloSteps; i++ {
		if baseX+i*csRowsBlockDimX < imageW {
			lData[lidY][lidX+i*csRowsBlockDimX] = src[srcOff+i*csRowsBlockDimX]
		} else {
			lData[lidY][lidX+i*csRowsBlockDimX] = 0
		}
	}

	//Compute and store results
	t.SyncThreads()

	for i := csRowsHaloSteps; i < csRowsHaloSteps+csRowsResultSteps; i++ {
		sum := float32(0)

		for j := -csKernelRadius; j <= csKernelRadius; j++ {
			sum += kernel[csKernelRadius-j] * lData[lidY][lidX+i*csRowsBlockDimX+j]
		}

		dst[dstOff+i*csRowsBlockDimX] = sum
	}
}

// ConvColsKernel is conv_cols: a 16×8 block convolves 8·8 pixels down each
// of its 16 columns, staged (transposed, one column of padding) with one
// 8-pixel halo step above and below.
//
//gocuda:kernel ConvColsKernel
func convColsKernel(t *gocuda.Thread, dst, src, kernel []float32, imageW, imageH, pitch int) {
	lData := gocuda.Shared[[(csColumnsResultStep+2*csColumnsHaloSteps)*csColumnsBlockDimY + 1]float32](t, csColumnsBlockDimX)

	gidX := t.BlockIdx.X
	gidY := t.BlockIdx.Y
	lidX := t.ThreadIdx.X
	lidY := t.ThreadIdx.Y

	//Offset to the upper halo edge
	baseX := gidX*csColumnsBlockDimX + lidX
	baseY := (gidY*csColumnsResultStep-csColumnsHaloSteps)*csColumnsBlockDimY + lidY
	srcOff := baseY*pitch + baseX
	dstOff := baseY*pitch + baseX

	//Load main data
	for i := csColumnsHaloSteps; i < csColumnsHaloSteps+csColumnsResultStep; i++ {
		lData[lidX][lidY+i*csColumnsBlockDimY] = src[srcOff+i*csColumnsBlockDimY*pitch]
	}

	//Load upper halo
	for i := 0; i < csColumnsHaloSteps; i++ {
		if baseY+i*csColumnsBlockDimY >= 0 {
			lData[lidX][lidY+i*csColumnsBlockDimY] = src[srcOff+i*csColumnsBlockDimY*pitch]
		} else {
			lData[lidX][lidY+i*csColumnsBlockDimY] = 0
		}
	}

	//Load lower halo
	for i := csColumnsHaloSteps + csColumnsResultStep; i < csColumnsHaloSteps+csColumnsResultStep+csColumnsHaloSteps; i++ {
		if baseY+i*csColumnsBlockDimY < imageH {
			lData[lidX][lidY+i*csColumnsBlockDimY] = src[srcOff+i*csColumnsBlockDimY*pitch]
		} else {
			lData[lidX][lidY+i*csColumnsBlockDimY] = 0
		}
	}

	//Compute and store results
	t.SyncThreads()

	for i := csColumnsHaloSteps; i < csColumnsHaloSteps+csColumnsResultStep; i++ {
		sum := float32(0)

		for j := -csKernelRadius; j <= csKernelRadius; j++ {
			sum += kernel[csKernelRadius-j] * lData[lidX][lidY+i*csColumnsBlockDimY+j]
		}

		dst[dstOff+i*csColumnsBlockDimY*pitch] = sum
	}
}
