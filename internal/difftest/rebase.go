package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file have thread loops that rebase (in the rows pass) runs
// unchecked where their slices are long enough for the row: rows whose
// slices are too short run the usual loop, which fails at the thread that
// indexes out of range.

// RebaseStencilKernel is a three-point stencil over the interior of in:
// three offsets of one slice, one rebased slice each.
//
//gocuda:kernel RebaseStencilKernel
func rebaseStencil(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i > 0 && i < len(in)-1 {
		out[i] = in[i-1] + 2*in[i] + in[i+1]
	}
}

// Rebase2DKernel scales a w×h image held in rows of pitch elements, its
// row's offset reading the thread's y, and records which thread wrote each
// element.
//
//gocuda:kernel Rebase2DKernel
func rebase2D(t *gocuda.Thread, in []float32, out []int32, w, h, pitch int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[y*pitch+x] = int32(in[y*pitch+x]*3) + int32(t.ThreadIdx.Y*100+t.ThreadIdx.X)*1000
	}
}

// RebaseShortKernel copies in to out for every index of out: where in is
// shorter, the first thread past its end fails.
//
//gocuda:kernel RebaseShortKernel
func rebaseShort(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[i] * 2
	}
}

// RebaseGridStrideKernel is SAXPY with a grid-stride loop: the loop runs
// flat or in lockstep, each step's row rebased.
//
//gocuda:kernel RebaseGridStrideKernel
func rebaseGridStride(t *gocuda.Thread, a float32, x, y []float32) {
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(y); i += t.BlockDim.X * t.GridDim.X {
		y[i] = a*x[i] + y[i]
	}
}

// RebaseRowKernel stores, from the one row y of the grid equal to row,
// each thread's y at out[x]: the other rows run no thread.
//
//gocuda:kernel RebaseRowKernel
func rebaseRow(t *gocuda.Thread, out []int32, row int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if y == row && x < len(out) {
		out[x] = int32(y*1000 + t.ThreadIdx.Y)
	}
}

// RebaseGuardedKernel reads in behind the thread by k elements, behind the
// guard i >= k+lo that keeps the index in range (Hillis and Steele's
// y = x[i-offset]): a row's offset below the slice's start, which the
// rebased loop cannot reslice, so the usual loop runs. Threads the guard
// leaves out store -1; where k is negative, threads past the end of in
// fail.
//
//gocuda:kernel RebaseGuardedKernel
func rebaseGuarded(t *gocuda.Thread, in, out []float32, k, lo int) {
	i := t.ThreadIdx.X
	y := float32(-1)
	if i >= k+lo {
		y = in[i-k] * 2
	}
	out[t.BlockIdx.X*t.BlockDim.X+i] = y
}

// rebaseTileW and rebaseTileH are the shape of RebaseTileKernel's shared
// tile: columns per row, and rows (one more than its largest block's).
const rebaseTileW, rebaseTileH = 8, 9

// RebaseTileKernel sums each column of a block's w×h tile of in by a tree
// over the tile's rows, as Rodinia's backprop sums its weight matrix
// (weightMatrix[ty][tx] += weightMatrix[ty+s][tx]), then each thread
// stores tile[ty+r][tx+k] to out: the tile's rows and columns indexed
// at the thread's y and x, each row of threads one row of the tile. With
// r and k zero, thread (tx, 0) stores its column's sum; beyond the tile,
// the first thread whose row or column leaves it fails.
//
//gocuda:kernel RebaseTileKernel
func rebaseTile(t *gocuda.Thread, in, out []float32, r, k int) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile := gocuda.Shared[[rebaseTileW]float32](t, rebaseTileH)
	at := (t.BlockIdx.X*t.BlockDim.Y+ty)*t.BlockDim.X + tx
	tile[ty][tx] = in[at]
	t.SyncThreads()
	for s := 1; s < t.BlockDim.Y; s *= 2 {
		if ty%(2*s) == 0 {
			if ty+s < t.BlockDim.Y {
				tile[ty][tx] += tile[ty+s][tx]
			}
		}
		t.SyncThreads()
	}
	out[at] = tile[ty+r][tx+k]
}

// RebasePartialKernel gathers tab at idx for each element of out: out and
// idx are indexed at the thread's index, and rebased, while tab's index
// is data and keeps its check. Where idx holds an index past tab, the
// first thread to read it fails.
//
//gocuda:kernel RebasePartialKernel
func rebasePartial(t *gocuda.Thread, idx []int32, tab, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = tab[idx[i]] + float32(idx[i])
	}
}

// RebaseLocalKernel copies in, from offset off on, to out, through a
// local defined under the guard (pathfinder's index): the local's
// definition is the row's offset. Where in is too short, the first
// thread past its end fails.
//
//gocuda:kernel RebaseLocalKernel
func rebaseLocal(t *gocuda.Thread, in, out []float32, off int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		src := off + i
		out[i] = in[src] * 2
	}
}

// RebaseClampRowsKernel adds to each element of a w×h image the elements
// above and below it, rows clamped to the image (max(y-1, 0), min(y+1,
// h-1)): row offsets of builtin min and max, rebased.
//
//gocuda:kernel RebaseClampRowsKernel
func rebaseClampRows(t *gocuda.Thread, in, out []float32, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	n, s := max(y-1, 0), min(y+1, h-1)
	if x < w && y < h {
		out[y*w+x] = in[n*w+x] + in[y*w+x] + in[s*w+x]
	}
}
