package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file end in a halving tree over shared memory
// read after only at constant indexes: the compiled form runs its steps
// up to three at a time, storing only the last one's sums (the trees
// pass).

// TreeFoldKernel loads block b's 4*blockDim.x elements of in into shared
// memory, adds them in a tree of steps from start down to the last above
// stop (if tid < s { sdata[tid] += sdata[tid+s] }), and has thread 0
// write the first three elements to out[3*b:].
//
//gocuda:kernel TreeFoldKernel
func treeFold(t *gocuda.Thread, in, out []float32, start, stop int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 4*b)
	for k := range 4 {
		sdata[tid+k*b] = in[4*b*t.BlockIdx.X+tid+k*b]
	}
	t.SyncThreads()
	for s := start; s > stop; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[3*t.BlockIdx.X] = sdata[0]
		out[3*t.BlockIdx.X+1] = sdata[1]
		out[3*t.BlockIdx.X+2] = sdata[2]
	}
}

// TreeFoldIntKernel is TreeFoldKernel on int32s whose sums wrap, reading
// after the tree the elements of the threads below four, each its own.
//
//gocuda:kernel TreeFoldIntKernel
func treeFoldInt(t *gocuda.Thread, in, out []int32, start, stop int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[int32](t, 4*b)
	for k := range 4 {
		sdata[tid+k*b] = in[4*b*t.BlockIdx.X+tid+k*b]
	}
	t.SyncThreads()
	for s := start; s > stop; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid < 4 {
		out[4*t.BlockIdx.X+tid] = sdata[tid]
	}
}

// TreeFoldKeptKernel is TreeFoldKernel whose thread 0 reads, after the
// tree, elements 0 to 7 through a variable defined with the thread's
// index in one statement (a remat variable, which the compiled form
// defines where it is used): the reads count, so the steps run as
// written.
//
//gocuda:kernel TreeFoldKeptKernel
func treeFoldKept(t *gocuda.Thread, in, out []float32, start, stop int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 4*b)
	for k := range 4 {
		sdata[tid+k*b] = in[4*b*t.BlockIdx.X+tid+k*b]
	}
	t.SyncThreads()
	for s := start; s > stop; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	kept, _ := sdata, tid
	if tid == 0 {
		for k := range 8 {
			out[8*t.BlockIdx.X+k] = kept[k]
		}
	}
}

// TreeFoldWarpKernel is Harris's kernel 5 on block b's 4*blockDim.x
// elements of in: a tree from start down to the last step above 32, then
// the last warp's steps from 32 in warp 0 (the form NVIDIA prescribes for
// independent thread scheduling), and thread 0 writes sdata[0] to out[b].
//
//gocuda:kernel TreeFoldWarpKernel
func treeFoldWarp(t *gocuda.Thread, in, out []float32, start int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 4*b)
	for k := range 4 {
		sdata[tid+k*b] = in[4*b*t.BlockIdx.X+tid+k*b]
	}
	t.SyncThreads()
	for s := start; s > gocuda.WarpSize; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid < gocuda.WarpSize {
		v := sdata[tid]
		for offset := gocuda.WarpSize; offset > 0; offset /= 2 {
			v += sdata[tid+offset]
			t.SyncWarp(gocuda.FullMask)
			sdata[tid] = v
			t.SyncWarp(gocuda.FullMask)
		}
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}
