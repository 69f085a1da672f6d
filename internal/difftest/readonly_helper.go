package difftest

import "github.com/gocuda/gocuda/gocuda"

// HelperReadOnlyKernel calls a helper whose barrier sits under an if on
// in[k], an element of a parameter the kernel never writes at an index
// the same for the block: the condition is the block's, in the helper as
// in the kernel. Where in[k] > 0 each thread adds its right neighbour's
// value (the block's first, for the last thread).
//
//gocuda:kernel HelperReadOnlyKernel
func helperReadOnly(t *gocuda.Thread, in, out []int32, k int) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = neighbourStep(t, in, s, k, in[i])
}

// neighbourStep is HelperReadOnlyKernel's helper.
func neighbourStep(t *gocuda.Thread, in, s []int32, k int, x int32) int32 {
	if in[k] > 0 {
		s[t.ThreadIdx.X] = x
		t.SyncThreads()
		x += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
	}
	return x
}
