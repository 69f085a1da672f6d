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

// withContinue continues such a loop: the rest of the trip runs under
// the negated condition (continuesAsIfs), so that each thread's post
// statement still runs.
func withContinue(t *gocuda.Thread, data []int32, n int) {
	for i := t.ThreadIdx.X; i < n; i += t.BlockDim.X {
		t.SyncThreads()
		if n > 4 {
			continue
		}
		data[i]++
	}
}

// gridStrideThenCount is gridStride with a barrier after the loop: a
// thread leaving the loop would wait there, so the compiled loop checks
// at each trip that the block's threads agree on its condition.
func gridStrideThenCount(t *gocuda.Thread, data []int32, n int, counts []int32) {
	s := gocuda.Shared[int32](t, 256)
	for i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		s[t.ThreadIdx.X] = data[i]
		t.SyncThreads()
		data[i] += s[(t.ThreadIdx.X+1)%t.BlockDim.X]
		t.SyncThreads()
	}
	counts[t.BlockIdx.X] = int32(t.SyncThreadsCount(true))
}

// doWhileShared leaves a loop by a break on m, which each thread read
// from shared memory after a barrier but which held its own value
// before: the compiled form checks that the threads agree on the break
// (HeCBench tsp's 2-opt climb), as a barrier follows the loop.
func doWhileShared(t *gocuda.Thread, data []int32, out []int32) {
	s := gocuda.Shared[int32](t, 1)
	m := data[t.ThreadIdx.X]
	for {
		if t.ThreadIdx.X == 0 {
			s[0] = m - 1
		}
		t.SyncThreads()
		m = s[0]
		t.SyncThreads()
		if m < 0 {
			break
		}
	}
	t.SyncThreads()
	out[t.ThreadIdx.X] = m
}

// ifShared holds a barrier under an if on c, read from shared memory
// after a barrier into a variable that held the thread's own value: the
// compiled form checks that the threads agree on it.
func ifShared(t *gocuda.Thread, flag []int32, out []int32) {
	s := gocuda.Shared[int32](t, 1)
	c := int32(t.ThreadIdx.X)
	if t.ThreadIdx.X == 0 {
		s[0] = flag[t.BlockIdx.X]
	}
	t.SyncThreads()
	c = s[0]
	if c > 0 {
		t.SyncThreads()
		out[t.ThreadIdx.X] = c
	}
	t.SyncThreads()
	out[t.ThreadIdx.X]++
}
