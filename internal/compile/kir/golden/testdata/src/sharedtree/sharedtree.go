// Package sharedtree holds Harris's last warp, a tree over shared memory
// whose result only sdata[0] is read for, and lookalikes that read more.
package sharedtree

import "github.com/gocuda/gocuda/gocuda"

// lastWarp is Harris's warpReduce made safe for independent thread
// scheduling (the thread last: not a kernel of this package's golden
// tests).
func lastWarp(sdata []float32, t *gocuda.Thread) {
	tid := t.ThreadIdx.X
	v := sdata[tid]
	for offset := gocuda.WarpSize; offset > 0; offset /= 2 {
		v += sdata[tid+offset]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
	}
}

// unrolled is Harris's kernel 5: only sdata[0] is read after the last
// warp, so a step by d adds lanes [0, d).
func unrolled(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > gocuda.WarpSize; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid < gocuda.WarpSize {
		lastWarp(sdata, t)
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// firstFour reads sdata[0] to sdata[3] after the last warp: a step by d
// adds lanes [0, d+3).
func firstFour(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	sdata[tid] = in[2*t.BlockIdx.X*t.BlockDim.X+tid]
	sdata[tid+t.BlockDim.X] = in[(2*t.BlockIdx.X+1)*t.BlockDim.X+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		lastWarp(sdata, t)
	}
	if tid == 0 {
		out[0] = sdata[0] + sdata[1] + sdata[2] + sdata[3]
	}
}

// eachAfter reads the element of each thread after the last warp, at an
// index that is not a constant: every lane's step is read.
func eachAfter(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	sdata[tid] = in[2*t.BlockIdx.X*t.BlockDim.X+tid]
	sdata[tid+t.BlockDim.X] = in[(2*t.BlockIdx.X+1)*t.BlockDim.X+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		lastWarp(sdata, t)
	}
	out[t.BlockIdx.X*t.BlockDim.X+tid] = sdata[tid]
}

// slicedAfter copies the first elements out after the last warp: shared
// memory reached by a slice, not an index, is taken as read whole.
func slicedAfter(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	sdata[tid] = in[2*t.BlockIdx.X*t.BlockDim.X+tid]
	sdata[tid+t.BlockDim.X] = in[(2*t.BlockIdx.X+1)*t.BlockDim.X+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		lastWarp(sdata, t)
	}
	if tid == 0 {
		copy(out[4*t.BlockIdx.X:], sdata[:4])
	}
}

// valueAfter writes each lane's running sum after the tree: every lane
// is read.
func valueAfter(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	sdata[tid] = in[2*t.BlockIdx.X*t.BlockDim.X+tid]
	sdata[tid+t.BlockDim.X] = in[(2*t.BlockIdx.X+1)*t.BlockDim.X+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		v := sdata[tid]
		for offset := gocuda.WarpSize; offset > 0; offset /= 2 {
			v += sdata[tid+offset]
			t.SyncWarp(gocuda.FullMask)
			sdata[tid] = v
			t.SyncWarp(gocuda.FullMask)
		}
		out[t.BlockIdx.X*gocuda.WarpSize+tid] = v
	}
}

// doubling runs its offsets up from 1, a scan's order, not a tree's:
// nothing narrows.
func doubling(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	sdata[tid] = in[2*t.BlockIdx.X*t.BlockDim.X+tid]
	sdata[tid+t.BlockDim.X] = in[(2*t.BlockIdx.X+1)*t.BlockDim.X+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		v := sdata[tid]
		for offset := 1; offset <= gocuda.WarpSize; offset *= 2 {
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

// keptAfter keeps the slice in an array before the tree and reads it
// there after: shared memory stored elsewhere than in a variable is
// taken as read whole.
func keptAfter(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	var keep [1][]float32
	keep[0] = sdata
	sdata[tid] = in[2*t.BlockIdx.X*t.BlockDim.X+tid]
	sdata[tid+t.BlockDim.X] = in[(2*t.BlockIdx.X+1)*t.BlockDim.X+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		lastWarp(sdata, t)
	}
	if tid == 0 {
		out[t.BlockIdx.X] = keep[0][5]
	}
}

// pointerAfter takes a pointer to an element before the tree and reads
// through it after: shared memory addressed is taken as read whole.
func pointerAfter(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	p := &sdata[5]
	sdata[tid] = in[2*t.BlockIdx.X*t.BlockDim.X+tid]
	sdata[tid+t.BlockDim.X] = in[(2*t.BlockIdx.X+1)*t.BlockDim.X+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		lastWarp(sdata, t)
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0] + *p
	}
}
