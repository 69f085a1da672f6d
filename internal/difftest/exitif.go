package difftest

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// Ifs holding barriers whose condition the block's threads do not share,
// after which the kernel ends: a thread that has returned holds no
// barrier up, and the k-th barrier of one side completes with the k-th
// of the other (exitIfs).

// ExitFillKernel is the shape of vLLM's moe_align_block_size small batch
// kernel (HeCBench's moe-align): the first fill threads of each block
// write their own element, pass one barrier and return; the others
// count the block's nonzero elements of in through shared memory, with
// three barriers, and write the count.
//
//gocuda:kernel ExitFillKernel
func exitFill(t *gocuda.Thread, in, out []int32, fill int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if t.ThreadIdx.X < fill {
		out[i] = -in[i]
		t.SyncThreads()
		return
	}
	count := gocuda.Shared[int32](t, 1)
	if t.ThreadIdx.X == fill {
		count[0] = 0
	}
	t.SyncThreads()
	if in[i] != 0 {
		atomic.Add(&count[0], 1)
	}
	t.SyncThreads()
	n := count[0]
	t.SyncThreads()
	out[i] = n
}

// ExitFillHelperKernel calls exitFillHelper, the same shape in a helper,
// as moe-align's kernel calls moe_align_block_size_small_batch_expert.
//
//gocuda:kernel ExitFillHelperKernel
func exitFillHelperKernel(t *gocuda.Thread, in, out []int32, fill int) {
	exitFillHelper(t, in, out, fill)
}

// exitFillHelper: the fill threads store and return after one barrier;
// the others, after a second, store their block's first element.
func exitFillHelper(t *gocuda.Thread, in, out []int32, fill int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	first := gocuda.Shared[int32](t, 1)
	if t.ThreadIdx.X < fill {
		out[i] = -in[i]
		t.SyncThreads()
		return
	}
	if t.ThreadIdx.X == fill {
		first[0] = in[i]
	}
	t.SyncThreads()
	t.SyncThreads()
	out[i] = first[0]
}

// ExitSideKernel is the end of aop's prepare_svd_kernel: where in[0] is
// negative, thread 0 takes a side without barriers and finishes; the
// others pass a barrier after thread 1 stored 7, and read it. Every
// thread then adds 1 to its second output.
//
//gocuda:kernel ExitSideKernel
func exitSide(t *gocuda.Thread, in, out []int32) {
	s := gocuda.Shared[int32](t, 1)
	flag := 0
	if t.ThreadIdx.X == 0 && in[0] < 0 {
		flag = 1
	}
	if flag != 0 {
		out[t.ThreadIdx.X] = -1
	} else {
		if t.ThreadIdx.X == 1 {
			s[0] = 7
		}
		t.SyncThreads()
		out[t.ThreadIdx.X] = s[0]
	}
	out[t.BlockDim.X+t.ThreadIdx.X]++
}

// ExitFirstThreadsKernel ends with a barrier only the first k threads of
// the block reach: the others have returned, so it completes; thread
// tx < k then reads what thread k-1-tx stored.
//
//gocuda:kernel ExitFirstThreadsKernel
func exitFirstThreads(t *gocuda.Thread, out []int32, k int) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	if t.ThreadIdx.X < k {
		s[t.ThreadIdx.X] = int32(t.ThreadIdx.X)
		t.SyncThreads()
		out[t.ThreadIdx.X] = s[k-1-t.ThreadIdx.X]
	}
}
