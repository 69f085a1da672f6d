package difftest

import "github.com/gocuda/gocuda/gocuda"

// AgreeLoopKernel is a grid-stride loop holding barriers (OLCF hw9's
// my_remove_if shape): each trip, every thread of the block stores its
// element to shared memory and adds its right neighbour's (in the block,
// wrapping). Its trip count is the same for every thread of a block only
// when n is a multiple of the block's size, which the compiler cannot
// prove: the compiled form checks it at each trip. After the loop each
// block counts its threads with SyncThreadsCount into counts. Where the
// threads of a block disagree both paths fail with a *gocuda.DeadlockError.
//
//gocuda:kernel AgreeLoopKernel
func agreeLoop(t *gocuda.Thread, data []int32, n int, counts []int32) {
	s := gocuda.Shared[int32](t, 1024)
	for i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		s[t.ThreadIdx.X] = data[i]
		t.SyncThreads()
		data[i] += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
		t.SyncThreads()
	}
	c := t.SyncThreadsCount(true)
	if t.ThreadIdx.X == 0 {
		counts[t.BlockIdx.X] = int32(c)
	}
}
