package difftest

import "github.com/gocuda/gocuda/gocuda"

// SwitchStagesKernel picks each stage of a block computation with a
// switch on a value the same for the whole block, barriers and a
// collective in its cases (a tagless switch too), as kernels templated
// on a block size or an operation are written in Go.
//
//gocuda:kernel SwitchStagesKernel
func switchStages(t *gocuda.Thread, out []int32, op int) {
	tid := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	s[tid] = int32(tid)
	v := int32(0)
	for stage := range 3 {
		t.SyncThreads()
		switch (op + stage) % 4 {
		case 0, 3:
			v += s[(tid+1)%t.BlockDim.X]
			t.SyncThreads()
		case 1:
			v += gocuda.ReduceAddSync(t, gocuda.FullMask, int32(tid))
		default:
			v -= s[t.BlockDim.X-1-tid]
			t.SyncThreads()
			s[tid] = v
		}
	}
	switch {
	case op > 2:
		t.SyncThreads()
		v *= 2
	case op < 0:
		v = -v
	}
	out[t.BlockIdx.X*t.BlockDim.X+tid] = v
}

// SwitchLoopKernel has a loop with its own break inside a case of a
// switch holding a barrier.
//
//gocuda:kernel SwitchLoopKernel
func switchLoop(t *gocuda.Thread, out []int32, op int) {
	v := int32(t.ThreadIdx.X)
	switch op {
	case 1:
		for k := 0; ; k++ {
			if k == 3 {
				break
			}
			v += int32(k)
		}
		t.SyncThreads()
	default:
		t.SyncThreads()
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = v
}
