package difftest

import "github.com/gocuda/gocuda/gocuda"

// DemandStepsKernel is DemandTreeKernel with the warp's tree written out
// step by step from 32, as Harris's last warp is, and thread 0 reading
// the first four elements: each step runs only the lanes the later
// steps read (the demand pass's written-out steps).
//
//gocuda:kernel DemandStepsKernel
func demandSteps(t *gocuda.Thread, in, out []float32) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[float32](t, 2*b)
	if t.ThreadIdx.Y == 0 {
		sdata[tid] = in[2*b*t.BlockIdx.X+tid]
		sdata[tid+b] = in[2*b*t.BlockIdx.X+tid+b]
	}
	t.SyncThreads()
	if tid < gocuda.WarpSize && t.ThreadIdx.Y == 0 {
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
		t.SyncWarp(gocuda.FullMask) // thread 0 reads lanes 1 to 3's stores
	}
	if tid == 0 && t.ThreadIdx.Y == 0 {
		out[4*t.BlockIdx.X] = sdata[0]
		out[4*t.BlockIdx.X+1] = sdata[1]
		out[4*t.BlockIdx.X+2] = sdata[2]
		out[4*t.BlockIdx.X+3] = sdata[3]
	}
}

// DemandStepsMaxKernel is DemandStepsKernel over int32 maxima, its steps
// worded v = max(v, sdata[tid+d]) either way round, as students write
// them: the same lanes are read.
//
//gocuda:kernel DemandStepsMaxKernel
func demandStepsMax(t *gocuda.Thread, in, out []int32) {
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	sdata := gocuda.Shared[int32](t, 2*b)
	sdata[tid] = in[2*b*t.BlockIdx.X+tid]
	sdata[tid+b] = in[2*b*t.BlockIdx.X+tid+b]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		v := max(sdata[tid+32], sdata[tid])
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v = max(v, sdata[tid+16])
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v = max(sdata[tid+8], v)
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v = max(v, sdata[tid+4])
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v = max(v, sdata[tid+2])
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v = max(v, sdata[tid+1])
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}
