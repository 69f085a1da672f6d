// Package treefold holds halving trees over shared memory: the steps of
// those read after only below a known index run up to three at a time;
// the others run as written.
package treefold

import "github.com/gocuda/gocuda/gocuda"

// sequential is Harris's kernel 3: only sdata[0] is read after the tree.
func sequential(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// lastWarp is Harris's warpReduce made safe for independent thread
// scheduling (the thread last: not a kernel of this package's golden
// tests).
func lastWarp(sdata []int32, t *gocuda.Thread) {
	tid := t.ThreadIdx.X
	v := sdata[tid]
	for offset := gocuda.WarpSize; offset > 0; offset /= 2 {
		v += sdata[tid+offset]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
	}
}

// unrolled is Harris's kernel 5 on int32s: the last warp reads below
// 32+32, so the tree's steps fuse down to 64.
func unrolled(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
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

// firstFour reads the first four sums after the tree, each thread below
// four its own: the steps fuse down to 4.
func firstFour(t *gocuda.Thread, in, out []float64, stop int) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float64](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > stop; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid < 4 {
		out[4*t.BlockIdx.X+tid] = sdata[tid]
	}
}

// eachAfter reads every thread's element after the tree: its steps run
// as written.
func eachAfter(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	out[t.BlockIdx.X*t.BlockDim.X+tid] = sdata[tid]
}

// repeated runs the tree in a loop whose next trip reads the elements
// the last left: its steps run as written.
func repeated(t *gocuda.Thread, in, out []float32, rounds int) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for r := 0; r < rounds; r++ {
		for s := t.BlockDim.X / 2; s > 0; s /= 2 {
			if tid < s {
				sdata[tid] += sdata[tid+s]
			}
			t.SyncThreads()
		}
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// maxTree takes the maximum, not the sum: its steps run as written.
func maxTree(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] = max(sdata[tid], sdata[tid+s])
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// discarded discards the slice after the tree, in a parallel assignment
// to blanks: a discard is no read, so its steps fuse.
func discarded(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
	_, _ = sdata, tid
}

// copiedAfter copies the slice to another variable in a parallel
// assignment after the tree: its steps run as written.
func copiedAfter(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	kept, _ := sdata, tid
	if tid == 0 {
		out[t.BlockIdx.X] = kept[tid+1]
	}
}

// lastWarpTwo reads the first two elements after Harris's last warp,
// whose lanes leave there sums the block's tree does not: the warp runs
// as written (the block's steps fuse down to 64).
func lastWarpTwo(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
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
		out[t.BlockIdx.X] = sdata[0] + sdata[1]
	}
}

// lastWarpKept reads each lane's sum after the last warp, from the
// variable it kept it in: the warp runs as written.
func lastWarpKept(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
	sdata[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
	t.SyncThreads()
	var v int32
	if tid < gocuda.WarpSize {
		v = sdata[tid]
		for offset := gocuda.WarpSize; offset > 0; offset /= 2 {
			v += sdata[tid+offset]
			t.SyncWarp(gocuda.FullMask)
			sdata[tid] = v
			t.SyncWarp(gocuda.FullMask)
		}
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0] + v
	}
}
