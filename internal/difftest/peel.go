package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file read their threads' neighbours (x-1, x+1): no
// row has slices long enough for all its threads, so rebase (in the rows pass)
// peels the rows, running the threads from the first whose neighbours
// exist to the last unchecked and the edge threads, in order, as usual.

// PeelTileKernel is a three-point stencil over a block's shared tile of
// in: the tile's interior threads read both neighbours in the tile, its
// edge threads their own element only; each element records whether an
// edge thread wrote it, in its sign.
//
//gocuda:kernel PeelTileKernel
func peelTile(t *gocuda.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tx
	tile := gocuda.Shared[float32](t, t.BlockDim.X)
	if i < len(in) {
		tile[tx] = in[i]
	}
	t.SyncThreads()
	if i >= len(out) {
		return
	}
	if tx > 0 && tx < t.BlockDim.X-1 {
		out[i] = tile[tx-1] + 2*tile[tx] + tile[tx+1]
	} else {
		out[i] = -tile[tx]
	}
}

// PeelShiftKernel shifts a block's tile of in by two, as a scan's step
// reads x[i-offset]: threads below 2 store -1.
//
//gocuda:kernel PeelShiftKernel
func peelShift(t *gocuda.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tx
	tile := gocuda.Shared[float32](t, t.BlockDim.X)
	tile[tx] = in[i]
	t.SyncThreads()
	y := float32(-1)
	if tx >= 2 {
		y = tile[tx-2]
	}
	out[i] = y
}

// PeelEdgesKernel adds each element's neighbours, unguarded: the grid's
// first thread reads in[-1] and fails where lo is 0, and where in is no
// longer than out the last thread reads past its end and fails.
//
//gocuda:kernel PeelEdgesKernel
func peelEdges(t *gocuda.Thread, in, out []float32, lo int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= lo && i < len(out) {
		out[i] = in[i-1] + in[i+1]
	}
}

// PeelRowsKernel is a five-point stencil over a block's 2-D shared tile:
// the rows above and below the tile's first and last are missing, so
// those rows run as usual, and the others peeled.
//
//gocuda:kernel PeelRowsKernel
func peelRows(t *gocuda.Thread, in, out []float32) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	w := t.BlockDim.X
	i := (t.BlockIdx.X*t.BlockDim.Y+ty)*w + tx
	tile := gocuda.Shared[[peelTileW]float32](t, peelTileW)
	tile[ty][tx] = in[i]
	t.SyncThreads()
	s := tile[ty][tx]
	if tx > 0 && tx < w-1 && ty > 0 && ty < t.BlockDim.Y-1 {
		s = tile[ty-1][tx] + tile[ty+1][tx] + tile[ty][tx-1] + tile[ty][tx+1] - 4*s
	}
	out[i] = s
}

// peelTileW is the side of PeelRowsKernel's tile: its blocks' largest.
const peelTileW = 16

// PeelDoubleBufferKernel is a Hillis–Steele scan of each row of the
// block's threads over two buffers (GPU Gems 3, Example 39-1), each row's
// pair of buffers 2*blockDim.X elements of temp: a thread adds its
// neighbour offset below it in the buffer pin selects, whose index is
// below the row's in every other step, so the rows are peeled.
//
//gocuda:kernel PeelDoubleBufferKernel
func peelDoubleBuffer(t *gocuda.Thread, in, out, temp []float32) {
	b, tx := t.BlockDim.X, t.ThreadIdx.X
	base := 2 * b * t.ThreadIdx.Y
	i := t.ThreadIdx.Y*b + tx
	pout, pin := 0, 1
	temp[base+tx] = in[i]
	t.SyncThreads()
	for offset := 1; offset < b; offset *= 2 {
		pout = 1 - pout
		pin = 1 - pout
		if tx >= offset {
			temp[base+pout*b+tx] = temp[base+pin*b+tx] + temp[base+pin*b+tx-offset]
		} else {
			temp[base+pout*b+tx] = temp[base+pin*b+tx]
		}
		t.SyncThreads()
	}
	out[i] = temp[base+pout*b+tx]
}
