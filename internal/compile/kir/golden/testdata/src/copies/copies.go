// Package copies holds kernels whose thread loops copy one element per
// thread: to a variable kept across a barrier, or from one slice to
// another, directly or through a guarded load; and lookalikes that stay
// loops.
package copies

import "github.com/gocuda/gocuda/gocuda"

// at returns in[i], or zero past its end: a guarded load.
func at(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// kept copies in[i] to v, kept across the barrier: the row is one copy
// into v's scratch array.
func kept(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	t.SyncThreads()
	out[i] = v + 1
}

// toShared copies a block's elements into shared memory through a guarded
// load: the row is one copy where the two slices are disjoint.
func toShared(t *gocuda.Thread, in, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s[t.ThreadIdx.X] = at(in, i)
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-t.ThreadIdx.X]
}

// between copies one slice to another, then waits: the slices may
// overlap, so the row is a copy only where they do not.
func between(t *gocuda.Thread, dst, src []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	dst[i] = src[i]
	t.SyncThreads()
}

// shifted copies a slice to itself one element on: its rows are peeled
// (the last thread's buf[i+1] may be past the end), and stay loops.
func shifted(t *gocuda.Thread, buf []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	buf[i+1] = buf[i]
	t.SyncThreads()
}

// gridCopy has no barrier or shared memory: its body runs a chunk of
// blocks, whose rows copies (in the rows pass) leaves as loops.
func gridCopy(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = in[i]
}

// converted converts as it copies: not a copy.
func converted(t *gocuda.Thread, in []int32, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := float32(in[i])
	t.SyncThreads()
	out[i] = v
}

// twice copies two elements per thread: not one copy.
func twice(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	w := in[i+t.BlockDim.X]
	t.SyncThreads()
	out[i] = v + w
}

// lastWarp is Harris's last warp made safe for independent scheduling:
// its lanes read a shared slice into v, and store v back after each
// step, whole warps as one copy each way.
func lastWarp(t *gocuda.Thread, s []float32) {
	tid := t.ThreadIdx.X
	if tid < 32 {
		v := s[tid]
		for off := 32; off > 0; off /= 2 {
			v += s[tid+off]
			t.SyncWarp(gocuda.FullMask)
			s[tid] = v
			t.SyncWarp(gocuda.FullMask)
		}
	}
}
