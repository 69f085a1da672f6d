package vector

import "github.com/gocuda/gocuda/gocuda"

// provenBranch zeroes its element of a shared row, then loads it where
// the input has one, as Harris's reductions are often written.
//
// vector runs the loop eight threads a step in the SIMD build, but not
// in portable steps: the row's check decides its guard, so its rows'
// scalar code has no branch a mask would save.
func provenBranch(t *gocuda.Thread, in, partial []float32) {
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
