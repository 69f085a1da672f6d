package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file copy one element per thread in a loop between
// barriers: both builds copy each row whose slices are long enough at
// once (the copies pass), and run the loop elsewhere, and where two
// slices overlap.

// CopyKeptKernel keeps in[i] across a barrier, i = off + b*blockDim*
// blockDim.y + thread rank, and writes the element of the thread at
// the other end of the block, minus its own, to out.
//
//gocuda:kernel CopyKeptKernel
func copyKept(t *gocuda.Thread, in, out []float32, off int) {
	rank := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	n := t.BlockDim.X * t.BlockDim.Y
	i := off + t.BlockIdx.X*n + rank
	v := in[i]
	s := gocuda.Shared[float32](t, n)
	t.SyncThreads()
	s[rank] = v
	t.SyncThreads()
	out[t.BlockIdx.X*n+rank] = s[n-1-rank] - v
}

// CopyBetweenKernel copies src[i] to dst[i], i = b*blockDim + tid, then
// waits at a barrier: dst and src may be parts of one array that
// overlap, where the threads' order decides what each reads.
//
//gocuda:kernel CopyBetweenKernel
func copyBetween(t *gocuda.Thread, dst, src []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	dst[i] = src[i]
	t.SyncThreads()
}

// CopyTileKernel copies a block's tile of a row-major matrix of width w
// into shared memory through a guarded load (StreamAt: zero past the
// end), and writes it transposed within the block to out.
//
//gocuda:kernel CopyTileKernel
func copyTile(t *gocuda.Thread, in, out []float32, w int) {
	tile := gocuda.Shared[[16]float32](t, 16)
	x, y := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*t.BlockDim.Y + y
	col := t.BlockIdx.X*t.BlockDim.X + x
	tile[y][x] = StreamAt(in, row*w+col)
	t.SyncThreads()
	out[row*w+col] = tile[x][y]
}
