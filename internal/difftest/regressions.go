package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file are the first generation's bugs, found by
// trying it on real code (issue 15), each now a regression test of the
// pipeline that replaced it.

// NamesKernel keeps locals named n, b, tid and ix, which the first
// generation took for its own, across barriers: the package did not build.
//
//gocuda:kernel NamesKernel
func names(t *gocuda.Thread, in, out []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	n := in[t.BlockIdx.X*t.BlockDim.X+tid]
	b := n * 2
	ix := b + int32(tid)
	s[tid] = ix
	t.SyncThreads()
	ix += s[(tid+1)%t.BlockDim.X]
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = n + b + ix
}

// PadKernel calls a helper with a barrier with untyped constant arguments
// for float32 parameters (refused as "does not type-check" before) and
// with an argument that depends on the thread (generated code that did
// not build before).
//
//gocuda:kernel PadKernel
func pad(t *gocuda.Thread, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	v := padStage(t, s, float32(t.ThreadIdx.X), 1)
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = v + padStage(t, s, 0.5, 2)
}

// padStage stores v*k in the caller's slot and returns, after a barrier,
// the next thread's.
func padStage(t *gocuda.Thread, s []float32, v, k float32) float32 {
	s[t.ThreadIdx.X] = v * k
	t.SyncThreads()
	r := s[(t.ThreadIdx.X+1)%len(s)]
	t.SyncThreads()
	return r
}

// RelaxKernel iterates a 1D three-point stencil in shared memory and
// leaves its loop of barriers with a break under a condition the same for
// the whole block, as the iterated stencils of benchmark suites do (a
// refusal, and the runtime path's barriers, before).
//
//gocuda:kernel RelaxKernel
func relax(t *gocuda.Thread, grid []int32, iters int) {
	b := t.BlockDim.X
	s := gocuda.Shared[int32](t, b+2)
	tid := t.ThreadIdx.X
	v := grid[t.BlockIdx.X*b+tid]
	if tid == 0 {
		s[0], s[b+1] = 0, 0
	}
	for it := 0; ; it++ {
		s[tid+1] = v
		t.SyncThreads()
		if it == iters {
			break
		}
		v = (s[tid] + 2*s[tid+1] + s[tid+2]) / 4
		t.SyncThreads()
	}
	grid[t.BlockIdx.X*b+tid] = v
}

// ShflWidthKernel shuffles with a width its caller passes, kept per lane
// (it depends on the warp), so that the compiled form completes the
// shuffle through compiled.WarpLanes: a valid width takes its fast path
// for operands the same across the warp, an invalid one must still fail
// the launch as the runtime path does.
//
//gocuda:kernel ShflWidthKernel
func shflWidth(t *gocuda.Thread, out []int32, width int) {
	w := width + t.WarpID()*0
	mask := gocuda.FullMask >> (t.WarpID() * 0)
	out[t.ThreadIdx.X] = gocuda.ShflDownSync(t, mask, int32(t.ThreadIdx.X), 1, w)
}

// StaleRematKernel reads two thread-index values after a uniform variable
// they were computed from has changed: offset after stride is halved
// (NVIDIA's oddEvenMergeSortShared, which the compiled form sorted wrongly
// when it computed offset again where it was read), and lane inside a
// loop that doubles step after reading it. out holds, per thread, the
// number of strides it passed and the sum of the lanes it read.
//
//gocuda:kernel StaleRematKernel
func staleRemat(t *gocuda.Thread, out []int32) {
	tid := t.ThreadIdx.X
	counts := gocuda.Shared[int32](t, t.BlockDim.X)
	counts[tid] = 0
	stride := t.BlockDim.X / 2
	offset := tid & (stride - 1)
	stride >>= 1
	for ; stride > 0; stride >>= 1 {
		t.SyncThreads()
		if offset >= stride {
			counts[tid]++
		}
	}
	step := 1
	lane := tid % (step + 1)
	var sum int32
	for k := 0; k < 3; k++ {
		t.SyncThreads()
		sum += int32(lane)
		step *= 2
	}
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = counts[tid]*100 + sum
}

// setPair writes two results through pointers, as CUDA C helpers do with
// int& out-parameters.
func setPair(a, b *int, x int) {
	*a = x + 1
	*b = *a * 2
}

// OutParamsKernel passes the addresses of values that live across a
// barrier to a helper that writes through them (Rodinia's scan does with
// loadSharedChunkFromMem): the loop's copies, written back after the call.
//
//gocuda:kernel OutParamsKernel
func outParams(t *gocuda.Thread, out []int32) {
	var a, b int
	setPair(&a, &b, t.ThreadIdx.X)
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	s[t.ThreadIdx.X] = int32(a)
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = s[(t.ThreadIdx.X+1)%t.BlockDim.X] + int32(b)
}

// smaller is a pure helper (PMPP's minimal): a call of it with arguments
// the same for the block is the same for the block.
func smaller(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// PureBoundKernel runs a loop with a barrier whose trip count a pure
// helper computes from block-uniform values (PMPP's tiled merge:
// total = minimal(...)), refused as not provably uniform before pure
// helpers were.
//
//gocuda:kernel PureBoundKernel
func pureBound(t *gocuda.Thread, out []int32, n int) {
	s := gocuda.Shared[int32](t, 1)
	total := smaller(n, 7)
	for c := 0; c < total; c++ {
		if t.ThreadIdx.X == 0 {
			s[0] += int32(c + 1)
		}
		t.SyncThreads()
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = s[0]
}

// FuseRematKernel returns thread 0 early in the blocks where a guard
// computed from the uniform w says so, then updates w: fusion moved the
// update before the loop holding the guard, which computes the guard
// again where it is read (a remat value) and so read the new w (found by
// the compiler fuzzer, seed 1670752). out holds, per thread, its tile
// element and w, or -1 where the thread returned.
//
//gocuda:kernel FuseRematKernel
func fuseRemat(t *gocuda.Thread, out []int32, p int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tx
	out[i] = -1
	w := p + int32(t.BlockIdx.X)
	e := (w^2) != 3 && tx == 0
	s[tx] = int32(tx)
	t.SyncThreads()
	if e {
		return
	}
	w ^= p
	s[tx]++
	t.SyncThreads()
	out[i] = s[tx]*1000 + w
}

// IdempotentReadKernel reads the uniform w and then, in a case of a
// switch whose tag is the same for the block, sets it to a value the same
// for every thread: the compiled form kept w uniform and stored it in the
// thread loop, thread after thread, so the later threads read the first
// one's store instead of the old w (found by the compiler fuzzer, seed
// 1720685). out holds, per thread, its value and w.
//
//gocuda:kernel IdempotentReadKernel
func idempotentRead(t *gocuda.Thread, out []int32, p int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tx
	w := p << 3
	a := int32(tx)
	s[tx] = a
	t.SyncThreads()
	switch (int32(t.BlockIdx.X) &^ p) & 1 {
	case 0:
		a ^= w
		w = p + 1
	}
	t.SyncThreads()
	out[i] = (a+s[tx])*1000 + w
}
