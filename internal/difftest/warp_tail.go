package difftest

import "github.com/gocuda/gocuda/gocuda"

// WarpTailKernel folds each block's values into warp 0's lanes with
// __syncwarp between reads and writes (Harris's last warp, made safe),
// then thread 0 stores the first two lanes' sum: code after the warp's
// that reads only shared memory, which the compiled form runs after every
// warp's code.
//
//gocuda:kernel WarpTailKernel
func warpTail(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	b := t.BlockDim.X
	s := gocuda.Shared[int32](t, 2*gocuda.WarpSize)
	if tid < 2*gocuda.WarpSize {
		s[tid] = 0
	}
	t.SyncThreads()
	if tid < 2*gocuda.WarpSize {
		s[tid] = in[t.BlockIdx.X*b+tid]
	}
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		v := s[tid] + s[tid+gocuda.WarpSize]
		t.SyncWarp(gocuda.FullMask)
		s[tid] = v
		t.SyncWarp(gocuda.FullMask)
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0] + s[1]
	}
}
