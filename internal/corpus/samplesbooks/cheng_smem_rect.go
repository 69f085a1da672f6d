package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds the rectangular shared-memory kernels of chapter 5 of
// "Professional CUDA C Programming" (deeperlearning/professional-cuda-c-
// programming at ee58310, examples/chapter05/checkSmemRectangle.cu): the
// block is BDIMX×BDIMY (32×16); each thread writes its linear index idx
// into the tile by row and reads back the element at the transposed
// coordinate (idx%BDIMY, idx/BDIMY), padded by IPAD (2) or not.

// BDIMX, BDIMY and IPAD of checkSmemRectangle.cu.
const (
	rectBdimx = 32
	rectBdimy = 16
	rectIpad  = 2
)

// SmemRectSetRowReadColKernel is setRowReadCol of checkSmemRectangle.cu.
//
//gocuda:kernel SmemRectSetRowReadColKernel
func smemRectSetRowReadColKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.Shared[[rectBdimx]int32](t, rectBdimy)

	idx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)

	irow := idx / uint32(t.BlockDim.Y)
	icol := idx % uint32(t.BlockDim.Y)

	tile[t.ThreadIdx.Y][t.ThreadIdx.X] = int32(idx)

	t.SyncThreads()

	out[idx] = tile[icol][irow]
}

// SmemRectSetRowReadColPadKernel is setRowReadColPad of
// checkSmemRectangle.cu: the tile's rows IPAD longer.
//
//gocuda:kernel SmemRectSetRowReadColPadKernel
func smemRectSetRowReadColPadKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.Shared[[rectBdimx + rectIpad]int32](t, rectBdimy)

	idx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)

	irow := idx / uint32(t.BlockDim.Y)
	icol := idx % uint32(t.BlockDim.Y)

	tile[t.ThreadIdx.Y][t.ThreadIdx.X] = int32(idx)

	t.SyncThreads()

	out[idx] = tile[icol][irow]
}

// SmemRectSetRowReadColDynKernel is setRowReadColDyn of
// checkSmemRectangle.cu: a dynamic tile indexed by hand.
//
//gocuda:kernel SmemRectSetRowReadColDynKernel
func smemRectSetRowReadColDynKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.DynamicShared[int32](t)

	idx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)

	irow := idx / uint32(t.BlockDim.Y)
	icol := idx % uint32(t.BlockDim.Y)

	colIdx := icol*uint32(t.BlockDim.X) + irow

	tile[idx] = int32(idx)

	t.SyncThreads()

	out[idx] = tile[colIdx]
}

// SmemRectSetRowReadColDynPadKernel is setRowReadColDynPad of
// checkSmemRectangle.cu: the padded tile in dynamic shared memory.
//
//gocuda:kernel SmemRectSetRowReadColDynPadKernel
func smemRectSetRowReadColDynPadKernel(t *gocuda.Thread, out []int32) {
	tile := gocuda.DynamicShared[int32](t)

	gIdx := uint32(t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X)

	irow := gIdx / uint32(t.BlockDim.Y)
	icol := gIdx % uint32(t.BlockDim.Y)

	rowIdx := uint32(t.ThreadIdx.Y*(t.BlockDim.X+rectIpad) + t.ThreadIdx.X)

	colIdx := icol*uint32(t.BlockDim.X+rectIpad) + irow

	tile[rowIdx] = int32(gIdx)

	t.SyncThreads()

	out[gIdx] = tile[colIdx]
}
