package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds two of the shared-memory transposes of chapter 5 of
// "Professional CUDA C Programming" (deeperlearning/professional-cuda-c-
// programming at ee58310, examples/chapter05/transposeRectangle.cu):
// transposeSmemUnrollPad and transposeSmemUnrollPadDyn. A BDIMX×BDIMY
// (16×16) block transposes a 2·BDIMX-wide strip of the ny×nx matrix in
// into the nx×ny matrix out through a padded one-dimensional tile (static
// or dynamic); the barrier sits inside the bounds test, which every
// thread of a block passes or fails together when nx is a multiple of
// 2·BDIMX and ny of BDIMY.

// BDIMX, BDIMY and IPAD of transposeRectangle.cu.
const (
	trBdimx = 16
	trBdimy = 16
	trIpad  = 2
)

// TransposeSmemUnrollPadKernel is transposeSmemUnrollPad of
// transposeRectangle.cu: each thread loads two elements BDIMX apart of a
// row into the padded tile and, after the barrier, stores two elements of
// a column of it BDIMX rows apart in out.
//
//gocuda:kernel TransposeSmemUnrollPadKernel
func transposeSmemUnrollPadKernel(t *gocuda.Thread, out, in []float32, nx, ny int) {
	tile := gocuda.Shared[float32](t, trBdimy*(trBdimx*2+trIpad))

	bdx, bdy := uint32(t.BlockDim.X), uint32(t.BlockDim.Y)
	tx, ty := uint32(t.ThreadIdx.X), uint32(t.ThreadIdx.Y)

	ix := 2*uint32(t.BlockIdx.X)*bdx + tx
	iy := uint32(t.BlockIdx.Y)*bdy + ty

	ti := iy*uint32(nx) + ix

	bidx := ty*bdx + tx
	irow := bidx / bdy
	icol := bidx % bdy

	ix2 := uint32(t.BlockIdx.Y)*bdy + icol
	iy2 := 2*uint32(t.BlockIdx.X)*bdx + irow

	to := iy2*uint32(ny) + ix2

	if ix+bdx < uint32(nx) && iy < uint32(ny) {
		rowIdx := ty*(bdx*2+trIpad) + tx
		tile[rowIdx] = in[ti]
		tile[rowIdx+trBdimx] = in[ti+trBdimx]

		t.SyncThreads()

		colIdx := icol*(bdx*2+trIpad) + irow
		out[to] = tile[colIdx]
		out[to+uint32(ny)*trBdimx] = tile[colIdx+trBdimx]
	}
}

// TransposeSmemUnrollPadDynKernel is transposeSmemUnrollPadDyn of
// transposeRectangle.cu: the same with the tile in dynamic shared memory.
//
//gocuda:kernel TransposeSmemUnrollPadDynKernel
func transposeSmemUnrollPadDynKernel(t *gocuda.Thread, out, in []float32, nx, ny int) {
	tile := gocuda.DynamicShared[float32](t)

	bdx, bdy := uint32(t.BlockDim.X), uint32(t.BlockDim.Y)
	tx, ty := uint32(t.ThreadIdx.X), uint32(t.ThreadIdx.Y)

	ix := bdx*uint32(t.BlockIdx.X)*2 + tx
	iy := bdy*uint32(t.BlockIdx.Y) + ty

	ti := iy*uint32(nx) + ix

	bidx := ty*bdx + tx
	irow := bidx / bdy
	icol := bidx % bdy

	ix2 := bdy*uint32(t.BlockIdx.Y) + icol
	iy2 := bdx*2*uint32(t.BlockIdx.X) + irow
	to := iy2*uint32(ny) + ix2

	if ix+bdx < uint32(nx) && iy < uint32(ny) {
		rowIdx := ty*(bdx*2+trIpad) + tx
		tile[rowIdx] = in[ti]
		tile[rowIdx+trBdimx] = in[ti+trBdimx]

		t.SyncThreads()

		colIdx := icol*(bdx*2+trIpad) + irow
		out[to] = tile[colIdx]
		out[to+uint32(ny)*trBdimx] = tile[colIdx+trBdimx]
	}
}
