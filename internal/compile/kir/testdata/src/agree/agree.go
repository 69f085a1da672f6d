// Package agree holds kernels with loops around barriers whose headers
// the compiler cannot prove the same for every thread of the block: the
// compiled form checks, at each trip, that the threads agree.
package agree

import "github.com/gocuda/gocuda/gocuda"

// gridStride is a grid-stride loop holding barriers, its trip count the
// same for the block only when n is a multiple of the block's size (OLCF
// hw9's my_remove_if).
func gridStride(t *gocuda.Thread, data []int32, n int) {
	s := gocuda.Shared[int32](t, 256)
	for i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		s[t.ThreadIdx.X] = data[i]
		t.SyncThreads()
		data[i] += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
		t.SyncThreads()
	}
}

// withBreak leaves such a loop by a break under a uniform condition.
func withBreak(t *gocuda.Thread, data []int32, n, stop int) {
	s := gocuda.Shared[int32](t, 256)
	for i := t.ThreadIdx.X; i < n; i += t.BlockDim.X {
		s[t.ThreadIdx.X] = data[i]
		t.SyncThreads()
		if s[0] == int32(stop) {
			break
		}
		data[i] = s[t.BlockDim.X-1-t.ThreadIdx.X]
		t.SyncThreads()
	}
}

// withContinue continues such a loop: refused, the post statement being
// each thread's.
func withContinue(t *gocuda.Thread, data []int32, n int) {
	for i := t.ThreadIdx.X; i < n; i += t.BlockDim.X {
		t.SyncThreads()
		if n > 4 {
			continue
		}
		data[i]++
	}
}
