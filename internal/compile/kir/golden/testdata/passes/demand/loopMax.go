package demand

import "github.com/gocuda/gocuda/gocuda"

// loopMax is Harris's last warp in loop form over int32 maxima, its step
// worded v = max(sdata[tid+offset], v), thread 0 reading the first
// element.
//
// demand runs each step only in the lanes the later steps and thread 0
// read, as for v += sdata[tid+offset].
func loopMax(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[int32](t, 64)
	sdata[tid] = in[tid]
	sdata[tid+32] = in[tid+32]
	t.SyncThreads()
	if tid < 32 {
		v := sdata[tid]
		for offset := 32; offset > 0; offset /= 2 {
			v = max(sdata[tid+offset], v)
			t.SyncWarp(gocuda.FullMask)
			sdata[tid] = v
			t.SyncWarp(gocuda.FullMask)
		}
	}
	if tid == 0 {
		out[0] = sdata[0]
	}
}
