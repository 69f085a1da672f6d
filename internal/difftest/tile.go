package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file walk a two-dimensional tile larger than the
// block, block-stride loops along y and x: where the steps are the
// block's extents, the compiled form walks the tile's elements in rows
// (the tile pass), each at its thread; elsewhere it keeps the lockstep
// loop.

// TileHaloKernel is PMPP's load of a tile with its halo, the box blur's:
// each block fills a side×side tile of src (clamped at the image's
// edges) with loops of steps sy and sx, then after a barrier each thread
// writes the sum of its 3×3 window to out, and the block's threads copy the
// tile to its part of seen (so every element of the tile is checked).
//
//gocuda:kernel TileHaloKernel
func tileHalo(t *gocuda.Thread, src, out, seen []int32, width, height, side, sy, sx int) {
	tile := gocuda.Shared[int32](t, side*side)
	r := (side - int(t.BlockDim.X)) / 2
	x0, y0 := t.BlockIdx.X*t.BlockDim.X-r, t.BlockIdx.Y*t.BlockDim.Y-r
	for ty := t.ThreadIdx.Y; ty < side; ty += sy {
		row := src[min(max(y0+ty, 0), height-1)*width:]
		for tx := t.ThreadIdx.X; tx < side; tx += sx {
			tile[ty*side+tx] = row[min(max(x0+tx, 0), width-1)]*3 + int32(ty)
		}
	}
	t.SyncThreads()
	rank := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	b := (t.BlockIdx.Y*t.GridDim.X + t.BlockIdx.X) * side * side
	for k := rank; k < side*side; k += t.BlockDim.X * t.BlockDim.Y {
		seen[b+k] = tile[k]
	}
	x, y := x0+r+t.ThreadIdx.X, y0+r+t.ThreadIdx.Y
	if x >= width || y >= height || r < 1 {
		return
	}
	var sum int32
	for dy := r - 1; dy <= r+1; dy++ {
		for dx := r - 1; dx <= r+1; dx++ {
			sum += tile[(t.ThreadIdx.Y+dy)*side+t.ThreadIdx.X+dx]
		}
	}
	out[y*width+x] = sum
}

// TileOffsetKernel walks a rows×cols tile of shared memory from an
// offset off of the thread's coordinates, along y by the block's y extent
// and along x by its x extent, writing each element it reaches its keys'
// mix; after a barrier the block's threads copy the tile to dst.
//
//gocuda:kernel TileOffsetKernel
func tileOffset(t *gocuda.Thread, dst []int32, rows, cols, off int) {
	tile := gocuda.Shared[int32](t, rows*cols)
	for i := t.ThreadIdx.Y + off; i < rows; i += t.BlockDim.Y {
		base := i * cols
		for j := off + t.ThreadIdx.X; j < cols; j += t.BlockDim.X {
			tile[base+j] += int32(i*1000 + j)
		}
	}
	t.SyncThreads()
	n := t.BlockDim.X * t.BlockDim.Y * t.BlockDim.Z
	for k := (t.ThreadIdx.Z*t.BlockDim.Y+t.ThreadIdx.Y)*t.BlockDim.X + t.ThreadIdx.X; k < rows*cols; k += n {
		dst[k] = tile[k]
	}
}

// TileAfterExitKernel walks a rows×cols tile of dst after the threads of
// x below skip returned: their elements stay as they were, so the walk
// keeps its lockstep form, which skips exited threads. The barrier after
// it keeps the kernel a block's.
//
//gocuda:kernel TileAfterExitKernel
func tileAfterExit(t *gocuda.Thread, dst []int32, rows, cols, skip int) {
	s := gocuda.Shared[int32](t, 1)
	if t.ThreadIdx.X < skip {
		return
	}
	for i := t.ThreadIdx.Y; i < rows; i += t.BlockDim.Y {
		for j := t.ThreadIdx.X; j < cols; j += t.BlockDim.X {
			dst[i*cols+j] = int32(1 + i*cols + j)
		}
	}
	t.SyncThreads()
	if t.ThreadIdx.X == skip && t.ThreadIdx.Y == 0 {
		s[0] = 1
	}
}

// TileAfterBlockReturnKernel walks a rows×cols tile of dst after a
// return of the whole block where skip is set: then no thread walks.
//
//gocuda:kernel TileAfterBlockReturnKernel
func tileAfterBlockReturn(t *gocuda.Thread, dst []int32, rows, cols int, skip bool) {
	s := gocuda.Shared[int32](t, 1)
	if skip {
		return
	}
	for i := t.ThreadIdx.Y; i < rows; i += t.BlockDim.Y {
		for j := t.ThreadIdx.X; j < cols; j += t.BlockDim.X {
			dst[i*cols+j] = int32(1 + i*cols + j)
		}
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 && t.ThreadIdx.Y == 0 {
		s[0] = 1
	}
}
