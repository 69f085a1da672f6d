// Package e2e is the workload of the end-to-end tests of gocuda check and
// gocuda profile (cmd/gocuda): its tests run with its kernels rewritten.
package e2e

import "github.com/gocuda/gocuda/gocuda"

// saxpy is y = a*x + y.
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// reverse reverses each block's part of s through shared memory.
func reverse(t *gocuda.Thread, s []int) {
	tile := gocuda.Shared[int](t, t.BlockDim.X)
	i, j := t.ThreadIdx.X, t.BlockIdx.X*t.BlockDim.X
	tile[i] = s[j+i]
	t.SyncThreads()
	s[j+i] = tile[t.BlockDim.X-1-i]
}

// warpSum adds up each warp's 32 values into the warp's first element.
func warpSum(t *gocuda.Thread, s []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := s[i]
	for d := 16; d > 0; d /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, d, 32)
	}
	if t.LaneID() == 0 {
		s[i] = v
	}
}

// racyShift is shift without its barrier: each thread reads its
// neighbour's shared element, which the neighbour may not have written
// yet (a read-after-write hazard for racecheck).
func racyShift(t *gocuda.Thread, s []int) {
	tile := gocuda.Shared[int](t, t.BlockDim.X)
	i := t.ThreadIdx.X
	tile[i] = s[i]
	s[i] = tile[(i+1)%t.BlockDim.X]
}

// spin waits for flag[0] to be set, which nothing does: it loops until
// its launch is stopped.
func spin(t *gocuda.Thread, flag []int32) {
	for flag[0] == 0 {
	}
}

// outOfRange writes one element past the end of s.
func outOfRange(t *gocuda.Thread, s []int) {
	s[len(s)-1+t.ThreadIdx.X] = 1 // the last thread's index is out of range
}
