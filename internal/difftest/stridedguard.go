package difftest

import "github.com/gocuda/gocuda/gocuda"

// StridedGuardKernel sums, per thread, in[g] and in[g+1] at g twice its
// grid index, each loaded under a guard comparing its index with len(in)
// (the Blelloch scan's loads): the compiled form takes the strided
// indexes where the row's check finds them in range and decides the
// guards there.
//
//gocuda:kernel StridedGuardKernel
func stridedGuard(t *gocuda.Thread, in, out []int32) {
	n := len(in)
	g := t.BlockIdx.X*2*t.BlockDim.X + 2*t.ThreadIdx.X
	var a0, a1 int32
	if g < n {
		a0 = in[g]
	}
	if g+1 < n {
		a1 = 3 * in[g+1]
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(out) {
		out[i] = a0 + a1
	}
}

// StridedStoreKernel stores, after a barrier, g and -g at out[g] and
// out[g+1], g twice the thread's grid index, under guards comparing each
// index with len(in), not len(out): the compiled form's row check takes
// in's length in where it runs the stores unchecked.
//
//gocuda:kernel StridedStoreKernel
func stridedStore(t *gocuda.Thread, in, out []int32) {
	n := len(in)
	g := t.BlockIdx.X*2*t.BlockDim.X + 2*t.ThreadIdx.X
	v := int32(g)
	t.SyncThreads()
	if g < n {
		out[g] = v
	}
	if g+1 < n {
		out[g+1] = -v
	}
}
