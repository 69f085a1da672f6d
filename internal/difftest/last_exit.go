package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file return threads only in their last thread
// loop, which runs once: no later loop needs to skip them, so the
// compiled form keeps no record of exited threads and runs the loop's
// guards as bounds (narrow) and its rows unchecked where they may be
// (rebase).

// LastExitKernel stages a block's window of in in shared memory, then,
// past a barrier, each thread within n returns unless its index is
// below n and writes the sum of its element and its right neighbour's.
//
//gocuda:kernel LastExitKernel
func lastExit(t *gocuda.Thread, in, out []float32, n int) {
	s := gocuda.Shared[float32](t, t.BlockDim.X+1)
	base := t.BlockIdx.X * t.BlockDim.X
	for k := t.ThreadIdx.X; k <= t.BlockDim.X; k += t.BlockDim.X {
		if base+k < n {
			s[k] = in[base+k]
		} else {
			s[k] = 0
		}
	}
	t.SyncThreads()
	i := base + t.ThreadIdx.X
	if i >= n {
		return
	}
	out[i] = s[t.ThreadIdx.X] + s[t.ThreadIdx.X+1]
}
