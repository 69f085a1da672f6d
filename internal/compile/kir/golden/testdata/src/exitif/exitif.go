package exitif

import "github.com/gocuda/gocuda/gocuda"

// fillThenReturn is the shape of vLLM's moe_align_block_size small batch
// kernel: the first f threads pass one barrier and return, the others
// pass it and one more.
func fillThenReturn(t *gocuda.Thread, out []int32, f int) {
	if t.ThreadIdx.X < f {
		out[t.ThreadIdx.X] = 1
		t.SyncThreads()
		return
	}
	s := gocuda.Shared[int32](t, 1)
	if t.ThreadIdx.X == f {
		s[0] = 2
	}
	t.SyncThreads()
	v := s[0]
	t.SyncThreads()
	out[t.ThreadIdx.X] = v
}

// sideWithoutBarrier is the end of aop's prepare_svd_kernel: thread 0
// may take a side without barriers and finish.
func sideWithoutBarrier(t *gocuda.Thread, in, out []int32) {
	s := gocuda.Shared[int32](t, 1)
	flag := 0
	if t.ThreadIdx.X == 0 && in[0] < 0 {
		flag = 1
	}
	if flag != 0 {
		if t.ThreadIdx.X == 0 {
			out[0] = -1
		}
	} else {
		if t.ThreadIdx.X == 1 {
			s[0] = 7
		}
		t.SyncThreads()
		out[t.ThreadIdx.X] = s[0]
	}
	out[t.ThreadIdx.X+64]++
}

// fillHelper: fillThenReturn's shape in a helper callsFill calls last.
func fillHelper(t *gocuda.Thread, out []int32, f int) {
	if t.ThreadIdx.X < f {
		out[t.ThreadIdx.X] = 1
		t.SyncThreads()
		return
	}
	t.SyncThreads()
	out[t.ThreadIdx.X] = 2
}

// callsFill calls fillHelper last, as moe-align's kernel calls
// moe_align_block_size_small_batch_expert.
func callsFill(t *gocuda.Thread, out []int32, f int) {
	fillHelper(t, out, f)
}
