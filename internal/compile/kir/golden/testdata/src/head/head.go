// Package head holds uniform ifs whose first statements fission runs at
// the end of the thread code before them, under the if's condition, and
// ifs it leaves whole.
package head

import "github.com/gocuda/gocuda/gocuda"

// warpTotals stores each warp's last value under if blockDim > 32 right
// after the warps' shuffles (the CUDA samples' block scan): the store
// runs in the warp loop, for its lane alone, and the shared array of a
// constant length is declared before it.
func warpTotals(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	v := in[tx]
	v += gocuda.ShflUpSync(t, gocuda.FullMask, v, 1, 32)
	if t.BlockDim.X > 32 {
		totals := gocuda.Shared[int32](t, 32)
		if t.LaneID() == 31 {
			totals[t.WarpID()] = v
		}
		t.SyncThreads()
		v += totals[0]
	}
	out[tx] = v
}

// blockLength declares shared memory of the block's length in its if:
// not a length known before the launch, so the if stays whole.
func blockLength(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	v := in[tx] * 2
	if t.BlockDim.X > 32 {
		s := gocuda.Shared[int32](t, t.BlockDim.X)
		s[tx] = v
		t.SyncThreads()
		v += s[0]
	}
	out[tx] = v
}

// memoryCond decides its if from an element of memory, which the
// threads before it might change: the if stays whole.
func memoryCond(t *gocuda.Thread, in, out []int32, flags []int32) {
	tx := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, 64)
	v := in[tx]
	if flags[0] > 0 {
		s[tx] = v
		t.SyncThreads()
		v += s[63-tx]
	}
	out[tx] = v
}

// declares opens its if with a declaration that code after the barrier
// reads: moved out of the if, it would leave the if's scope, so the if
// stays whole.
func declares(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, 64)
	v := in[tx]
	if t.BlockDim.X == 64 {
		w := v * 3
		s[tx] = w
		t.SyncThreads()
		v += s[63-tx] + w
	}
	out[tx] = v
}

// uniformCheck opens with a check of the launch that fails it, the same
// for every thread: it runs once, at block level, recorded as the block's
// first thread, and the threads' loop after it runs rebased.
func uniformCheck(t *gocuda.Thread, in, out []int32) {
	b := t.BlockDim.X
	if b&(b-1) != 0 {
		panic(gocuda.ErrInvalidValue)
	}
	i := t.BlockIdx.X*b + t.ThreadIdx.X
	v := in[i]
	t.SyncThreads()
	out[i] = v
}
