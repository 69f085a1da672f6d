// Package reverse holds shift scans whose steps may run as one loop over
// the threads in descending order, and near misses that may not.
package reverse

import "github.com/gocuda/gocuda/gocuda"

// hillisSteele is GPU Gems 3's Hillis–Steele scan step: read below,
// barrier, add in place.
func hillisSteele(t *gocuda.Thread, data []float32) {
	i := t.ThreadIdx.X
	x := gocuda.Shared[float32](t, t.BlockDim.X)
	x[i] = data[i]
	t.SyncThreads()
	for offset := 1; offset < t.BlockDim.X; offset *= 2 {
		var y float32
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads()
		if i >= offset {
			x[i] = y + x[i]
		}
		t.SyncThreads()
	}
	data[i] = x[i]
}

// koggeStone is PMPP's Kogge–Stone scan step: both reads before the
// barrier, the write after it.
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

// readAbove reads the element above the thread's: a thread running
// earlier in descending order has written it. Not reversed.
func readAbove(t *gocuda.Thread, data []float32) {
	i := t.ThreadIdx.X
	x := gocuda.Shared[float32](t, t.BlockDim.X+1)
	x[i] = data[i]
	t.SyncThreads()
	y := x[i+1]
	t.SyncThreads()
	x[i] = y + x[i]
	t.SyncThreads()
	data[i] = x[i]
}

// unguarded reads below the thread's element with no guard that keeps
// the index in range: a thread may fail. Not reversed.
func unguarded(t *gocuda.Thread, data []float32, d int) {
	i := t.ThreadIdx.X
	x := gocuda.Shared[float32](t, t.BlockDim.X)
	x[i] = data[i]
	t.SyncThreads()
	y := x[i-d]
	t.SyncThreads()
	x[i] += y
	t.SyncThreads()
	data[i] = x[i]
}

// alsoWrites writes global memory in the first loop. Not reversed.
func alsoWrites(t *gocuda.Thread, data []float32) {
	i := t.ThreadIdx.X
	x := gocuda.Shared[float32](t, t.BlockDim.X)
	x[i] = data[i]
	t.SyncThreads()
	var y float32
	if i >= 1 {
		y = x[i-1]
		data[i] = y
	}
	t.SyncThreads()
	x[i] += y
	t.SyncThreads()
	data[i] = x[i]
}

// measured reads the slice's length inside the step, which the fused
// loop's reslicing to the row would change. Not reversed.
func measured(t *gocuda.Thread, data []float32) {
	i := t.ThreadIdx.X
	x := gocuda.Shared[float32](t, 2*t.BlockDim.X)
	x[i] = data[i]
	t.SyncThreads()
	var y float32
	if i >= 1 {
		y = x[i-1] + float32(len(x))
	}
	t.SyncThreads()
	x[i] += y
	t.SyncThreads()
	data[i] = x[i]
}
