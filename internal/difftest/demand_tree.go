package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file fold shared memory into its first elements in
// a warp's steps, as Harris's last warp does, and read only those after:
// the compiled form's whole-warp steps run only the lanes the later steps
// read (the demand pass's trees over shared memory).

// DemandTreeKernel loads block b's 2*blockDim.x elements of in into shared
// memory (row y = 0 of the block), then warp 0 of that row folds them,
// offsets halving from start, and thread 0 writes the first four elements
// to out[4*b:]: the steps by d run lanes [0, d+3).
//
//gocuda:kernel DemandTreeKernel
func demandTree(t *gocuda.Thread, in, out []float32, start int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 2*b)
	if t.ThreadIdx.Y == 0 {
		sdata[tid] = in[2*b*t.BlockIdx.X+tid]
		sdata[tid+b] = in[2*b*t.BlockIdx.X+tid+b]
	}
	t.SyncThreads()
	if tid < gocuda.WarpSize && t.ThreadIdx.Y == 0 {
		DemandTree(t, sdata, start)
	}
	if tid == 0 && t.ThreadIdx.Y == 0 {
		out[4*t.BlockIdx.X] = sdata[0]
		out[4*t.BlockIdx.X+1] = sdata[1]
		out[4*t.BlockIdx.X+2] = sdata[2]
		out[4*t.BlockIdx.X+3] = sdata[3]
	}
}

// DemandTreeAllKernel is DemandTreeKernel whose thread 0 writes every
// element the warp stored, at an index that is not a constant: the
// steps run every lane.
//
//gocuda:kernel DemandTreeAllKernel
func demandTreeAll(t *gocuda.Thread, in, out []float32, start int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 2*b)
	sdata[tid] = in[2*b*t.BlockIdx.X+tid]
	sdata[tid+b] = in[2*b*t.BlockIdx.X+tid+b]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		DemandTree(t, sdata, start)
	}
	if tid == 0 {
		for i := range gocuda.WarpSize {
			out[gocuda.WarpSize*t.BlockIdx.X+i] = sdata[i]
		}
	}
}

// DemandTreeKeptKernel is DemandTreeKernel whose thread 0 reads the
// element of lane 5 through an array that kept the slice before the
// tree: the steps run every lane.
//
//gocuda:kernel DemandTreeKeptKernel
func demandTreeKept(t *gocuda.Thread, in, out []float32, start int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 2*b)
	var keep [1][]float32
	keep[0] = sdata
	sdata[tid] = in[2*b*t.BlockIdx.X+tid]
	sdata[tid+b] = in[2*b*t.BlockIdx.X+tid+b]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		DemandTree(t, sdata, start)
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0] + keep[0][5]
	}
}

// DemandTree is Harris's warpReduce in the form NVIDIA prescribes for
// independent thread scheduling, offsets halving from start: each lane
// adds the element offset past its own, and stores its sum after the
// warp has read.
func DemandTree(t *gocuda.Thread, sdata []float32, start int) {
	tid := t.ThreadIdx.X
	v := sdata[tid]
	for offset := start; offset > 0; offset /= 2 {
		v += sdata[tid+offset]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
	}
}

// DemandTreeCopiedKernel is DemandTreeKeptKernel whose thread 0 reads
// lane 5's element through a copy of the slice made after the tree, in a
// statement that also reads the thread's index (a remat variable, which
// the compiled form defines where it is used): the steps run every lane.
//
//gocuda:kernel DemandTreeCopiedKernel
func demandTreeCopied(t *gocuda.Thread, in, out []float32, start int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 2*b)
	sdata[tid] = in[2*b*t.BlockIdx.X+tid]
	sdata[tid+b] = in[2*b*t.BlockIdx.X+tid+b]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		DemandTree(t, sdata, start)
	}
	kept, _ := sdata, tid
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0] + kept[5]
	}
}

// DemandTreeMaxKernel is DemandTreeKernel over int32 maxima, its loop's
// step worded v = max(sdata[tid+offset], v): the same lanes are read.
//
//gocuda:kernel DemandTreeMaxKernel
func demandTreeMax(t *gocuda.Thread, in, out []int32, start int) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[int32](t, 2*b)
	if t.ThreadIdx.Y == 0 {
		sdata[tid] = in[2*b*t.BlockIdx.X+tid]
		sdata[tid+b] = in[2*b*t.BlockIdx.X+tid+b]
	}
	t.SyncThreads()
	if tid < gocuda.WarpSize && t.ThreadIdx.Y == 0 {
		v := sdata[tid]
		for offset := start; offset > 0; offset /= 2 {
			v = max(sdata[tid+offset], v)
			t.SyncWarp(gocuda.FullMask)
			sdata[tid] = v
			t.SyncWarp(gocuda.FullMask)
		}
	}
	if tid == 0 && t.ThreadIdx.Y == 0 {
		out[4*t.BlockIdx.X] = sdata[0]
		out[4*t.BlockIdx.X+1] = sdata[1]
		out[4*t.BlockIdx.X+2] = sdata[2]
		out[4*t.BlockIdx.X+3] = sdata[3]
	}
}
