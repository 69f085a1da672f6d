package difftest

import "github.com/gocuda/gocuda/gocuda"

// RowGuardKernel is Rodinia backprop's tree step: a guard on the thread's
// y index modulo a block-wide value, the same for a whole row of x, which
// the compiled form decides once per row, or, where the value is
// positive and divides the block's height, steps over the rows it
// rejects. The modulo fails where p is zero: every thread evaluates it
// first, so the compiled form reports the first thread of the block's
// first row, as its thread loop would.
//
//gocuda:kernel RowGuardKernel
func rowGuard(t *gocuda.Thread, out []int32, p int) {
	i := ((t.BlockIdx.X*t.BlockDim.Z+t.ThreadIdx.Z)*t.BlockDim.Y+t.ThreadIdx.Y)*t.BlockDim.X + t.ThreadIdx.X
	out[i] = int32(i % (len(out) + 1)) // a loop that records its threads: the last is not the one that fails
	t.SyncThreads()
	if t.ThreadIdx.Y%p == 0 {
		out[i] += int32(t.ThreadIdx.Y*100 + t.ThreadIdx.X)
	}
}
