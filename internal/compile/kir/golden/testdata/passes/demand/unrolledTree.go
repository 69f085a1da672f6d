package demand

import "github.com/gocuda/gocuda/gocuda"

// unrolledTree is Harris's last warp written out step by step with
// __syncwarp, as NVIDIA prescribes for independent thread scheduling;
// thread 0 alone reads the result.
//
// demand runs each step only in the lanes the later steps read: the
// step by 1 in lane 0, by 2 in lanes 0 and 1, and so on, every lane
// only in the step by 16 and the first.
func unrolledTree(t *gocuda.Thread, in, partial []float32) {
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
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+8]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+4]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+2]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+1]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}
