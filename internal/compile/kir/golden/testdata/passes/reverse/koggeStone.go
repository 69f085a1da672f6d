// Package reverse holds the inputs of the reverse pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package reverse

import "github.com/gocuda/gocuda/gocuda"

// koggeStone is PMPP's Kogge–Stone scan step: both reads before the
// barrier, the write after it.
//
// reverse runs the scan's step, read at t-stride, barrier, write at t,
// as one loop from the last thread.
func koggeStone(t *gocuda.Thread, data []int32) {
	x := gocuda.Shared[int32](t, t.BlockDim.X)
	x[t.ThreadIdx.X] = data[t.ThreadIdx.X]
	for stride := 1; stride < t.BlockDim.X; stride *= 2 {
		t.SyncThreads()
		var temp int32
		if t.ThreadIdx.X >= stride {
			temp = x[t.ThreadIdx.X] + x[t.ThreadIdx.X-stride]
		}
		t.SyncThreads()
		if t.ThreadIdx.X >= stride {
			x[t.ThreadIdx.X] = temp
		}
	}
	t.SyncThreads()
	data[t.ThreadIdx.X] = x[t.ThreadIdx.X]
}
