package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file copy one element per thread in a loop between
// barriers: both builds copy each row whose slices are long enough at
// once (copies (in the rows pass)), and run the loop elsewhere, and where two
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

// CopyLanesKernel loads a block's elements of in into shared memory; then
// each warp's lanes read their element into v, add their xor-1
// neighbour's through a shuffle and store v back, between __syncwarps;
// thread r writes the element of thread n-1-r to out. Launch it with a
// one-dimensional block of whole warps: each warp reads and stores as one
// copy each way.
//
//gocuda:kernel CopyLanesKernel
func copyLanes(t *gocuda.Thread, in, out []float32) {
	n := t.BlockDim.X
	tid := t.ThreadIdx.X
	s := gocuda.Shared[float32](t, n)
	s[tid] = in[t.BlockIdx.X*n+tid]
	t.SyncThreads()
	v := s[tid]
	t.SyncWarp(gocuda.FullMask)
	v += gocuda.ShflXorSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
	t.SyncWarp(gocuda.FullMask)
	s[tid] = v
	t.SyncThreads()
	out[t.BlockIdx.X*n+tid] = s[n-1-tid]
}

// The Copy...WordingKernels load each thread's element of in, zero past
// its end, into a block's shared row in the wordings Harris's reductions
// are written in (a zero stored first, a local, an else), then write the
// row reversed within the block to out (reversedRow).

// CopyZeroFirstKernel stores a zero, then the element where there is one.
//
//gocuda:kernel CopyZeroFirstKernel
func copyZeroFirst(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	s[tid] = 0
	if i < len(in) {
		s[tid] = in[i]
	}
	reversedRow(t, s, out, i)
}

// CopyLocalKernel loads the element through a local.
//
//gocuda:kernel CopyLocalKernel
func copyLocal(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	s[tid] = v
	reversedRow(t, s, out, i)
}

// CopyElseKernel stores the element or, in an else, a zero.
//
//gocuda:kernel CopyElseKernel
func copyElse(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	if i < len(in) {
		s[tid] = in[i]
	} else {
		s[tid] = 0
	}
	reversedRow(t, s, out, i)
}

// CopyAheadKernel is Harris's first add written inline (two guarded
// loads a block apart, summed) into the row: the streams pass reads the
// first for every thread ahead, which a row in range runs as one copy
// into the scratch that keeps v.
//
//gocuda:kernel CopyAheadKernel
func copyAhead(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	if i+t.BlockDim.X < len(in) {
		v += in[i+t.BlockDim.X]
	}
	s[tid] = v
	reversedRow(t, s, out, t.BlockIdx.X*t.BlockDim.X+tid)
}

// reversedRow waits for the block's row s, then stores its element
// reversed within the block to out[i].
func reversedRow(t *gocuda.Thread, s, out []float32, i int) {
	t.SyncThreads()
	if i < len(out) {
		out[i] = s[t.BlockDim.X-1-t.ThreadIdx.X]
	}
}
