package demand

import "github.com/gocuda/gocuda/gocuda"

// unrolledAll is unrolledTree whose thread 0 reads every element the
// warp stored, at an index that is not a constant.
//
// Unchanged: the later code may read any element, so every step runs
// every lane.
func unrolledAll(t *gocuda.Thread, in, out []float32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[float32](t, 64)
	sdata[tid] = in[t.BlockIdx.X*64+tid]
	t.SyncThreads()
	if tid < 32 {
		v := sdata[tid] + sdata[tid+32]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+16]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
	}
	t.SyncThreads()
	if tid == 0 {
		for i := range 32 {
			out[t.BlockIdx.X*32+i] = sdata[i]
		}
	}
}
