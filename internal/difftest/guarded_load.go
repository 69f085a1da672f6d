package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file read through guarded loads, helpers returning
// in[i] where i is in range: where a row's slices are long enough, both
// builds read the element itself (kir/guardedload.go); elsewhere they
// call the helper, whose result past the end, or failure below 0, both
// paths meet.

// GuardedAt returns in[i], or 0 at or past the end of in; a negative i
// fails.
func GuardedAt(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// GuardedBoth returns in[i], or -1 outside in.
func GuardedBoth(in []float32, i int) float32 {
	if i < 0 || i >= len(in) {
		return -1
	}
	return in[i]
}

// GuardedScaleKernel writes a*GuardedAt(in, i+off) to out[i] for each
// thread i of the grid below len(out): a kernel without barriers.
//
//gocuda:kernel GuardedScaleKernel
func guardedScale(t *gocuda.Thread, in, out []float32, a float32, off int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = a * GuardedAt(in, i+off)
	}
}

// GuardedPairsKernel stores GuardedBoth(in, i) - GuardedAt(in,
// i+blockDim) in shared memory for i = off + 2*b*blockDim + tid, and
// after a barrier thread tid of block b writes thread blockDim-1-tid's
// value to out.
//
//gocuda:kernel GuardedPairsKernel
func guardedPairs(t *gocuda.Thread, in, out []float32, off int) {
	tid := t.ThreadIdx.X
	i := off + t.BlockIdx.X*2*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	s[tid] = GuardedBoth(in, i) - GuardedAt(in, i+t.BlockDim.X)
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = s[t.BlockDim.X-1-tid]
}

// guardedPast looks like a guarded load but tests i <= len(in): it fails
// at len(in).
func guardedPast(in []float32, i int) float32 {
	if i <= len(in) {
		return in[i]
	}
	return 0
}

// GuardedPastKernel writes guardedPast(in, i) to out[i] for each thread
// i of the grid below len(out).
//
//gocuda:kernel GuardedPastKernel
func guardedPastScale(t *gocuda.Thread, in, out []float32) {
	if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(out) {
		out[i] = guardedPast(in, i)
	}
}
