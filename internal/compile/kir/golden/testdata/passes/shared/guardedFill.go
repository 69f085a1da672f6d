package shared

import "github.com/gocuda/gocuda/gocuda"

// guardedFill zeroes its thread's element, then loads it where the
// input has one, as Harris's reductions are often written.
//
// shared marks the row filled, not zeroed: every thread stores its
// element at the top of the loop, and the store under the guard only
// writes the row again.
func guardedFill(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = 0
	if i < len(in) {
		sdata[tid] = in[i]
	}
	t.SyncThreads()
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[t.BlockDim.X-1]
	}
}
