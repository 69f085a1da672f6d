package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file load a tile with the block's threads whose
// walk only copies elements of a row: the compiled form copies the part
// of each row in range (and left alone by the clamp) with Go's copy, and
// runs the keys around it element by element.

// TileCopyKernel has each block load a side×side tile of the width×height
// image src with its halo, clamped at the image's edges by a helper, and
// write it to its part of seen.
//
//gocuda:kernel TileCopyKernel
func tileCopy(t *gocuda.Thread, src, seen []int32, width, height, side int) {
	tile := gocuda.Shared[int32](t, side*side)
	r := (side - t.BlockDim.X) / 2
	x0, y0 := t.BlockIdx.X*t.BlockDim.X-r, t.BlockIdx.Y*t.BlockDim.Y-r
	for ty := t.ThreadIdx.Y; ty < side; ty += t.BlockDim.Y {
		row := src[clampEdge(y0+ty, height)*width:]
		for tx := t.ThreadIdx.X; tx < side; tx += t.BlockDim.X {
			tile[ty*side+tx] = row[clampEdge(x0+tx, width)]
		}
	}
	t.SyncThreads()
	tileOut(t, tile, seen, side)
}

// clampEdge returns i clamped to [0, n).
func clampEdge(i, n int) int { return min(max(i, 0), n-1) }

// tileOut has the block's threads copy tile to the block's part of seen.
func tileOut(t *gocuda.Thread, tile, seen []int32, side int) {
	rank := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	b := (t.BlockIdx.Y*t.GridDim.X + t.BlockIdx.X) * side * side
	for k := rank; k < side*side; k += t.BlockDim.X * t.BlockDim.Y {
		seen[b+k] = tile[k]
	}
}

// TileCopyInlineKernel is TileCopyKernel with its clamp written out,
// bounds first, and the tile's row offset after the key.
//
//gocuda:kernel TileCopyInlineKernel
func tileCopyInline(t *gocuda.Thread, src, seen []int32, width, height, side int) {
	tile := gocuda.Shared[int32](t, side*side)
	r := (side - t.BlockDim.X) / 2
	x0, y0 := t.BlockIdx.X*t.BlockDim.X-r, t.BlockIdx.Y*t.BlockDim.Y-r
	for ty := t.ThreadIdx.Y; ty < side; ty += t.BlockDim.Y {
		row := src[min(height-1, max(0, y0+ty))*width:]
		base := ty * side
		for tx := t.ThreadIdx.X; tx < side; tx += t.BlockDim.X {
			tile[tx+base] = row[min(width-1, max(0, x0+tx))]
		}
	}
	t.SyncThreads()
	tileOut(t, tile, seen, side)
}

// TileCopyShiftKernel loads a tile without clamping: rows of src from
// column blockIdx.x*blockDim.x - shift, which fail where they leave src.
//
//gocuda:kernel TileCopyShiftKernel
func tileCopyShift(t *gocuda.Thread, src, seen []int32, width, side, shift int) {
	tile := gocuda.Shared[int32](t, side*side)
	x0 := t.BlockIdx.X * t.BlockDim.X
	for ty := t.ThreadIdx.Y; ty < side; ty += t.BlockDim.Y {
		row := src[ty*width:]
		for tx := t.ThreadIdx.X; tx < side; tx += t.BlockDim.X {
			tile[ty*side+tx] = row[x0+tx-shift]
		}
	}
	t.SyncThreads()
	tileOut(t, tile, seen, side)
}

// TileCopyOffsetKernel loads each block's tile from row and column off
// on, naming the clamped row, the tile row's offset and the row of src
// through definitions of their own: the compiled form checks every row
// at once where no clamp moves a row, walking them from off.
//
//gocuda:kernel TileCopyOffsetKernel
func tileCopyOffset(t *gocuda.Thread, src, seen []int32, width, height, side, off int) {
	tile := gocuda.Shared[int32](t, side*side)
	r := (side - t.BlockDim.X) / 2
	x0, y0 := t.BlockIdx.X*t.BlockDim.X-r, t.BlockIdx.Y*t.BlockDim.Y-r
	for ty := t.ThreadIdx.Y + off; ty < side; ty += t.BlockDim.Y {
		y := clampEdge(y0+ty, height)
		base := ty * side
		row := src[y*width:]
		for tx := off + t.ThreadIdx.X; tx < side; tx += t.BlockDim.X {
			tile[base+tx] = row[clampEdge(x0+tx, width)]
		}
	}
	t.SyncThreads()
	tileOut(t, tile, seen, side)
}
