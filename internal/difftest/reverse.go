package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file have scan steps that the reverse pass runs as
// one loop over a block's threads from the last to the first, where the
// block is one row and the step's offsets are at least zero; elsewhere
// (an offset below zero) the two loops around the barrier run as they
// are.

// ReverseScanKernel is an inclusive Kogge–Stone scan (PMPP, chapter 11)
// of each block's part of data, both reads before the barrier and the
// write after it.
//
//gocuda:kernel ReverseScanKernel
func reverseScan(t *gocuda.Thread, data []float32) {
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	x := gocuda.Shared[float32](t, t.BlockDim.X)
	x[t.ThreadIdx.X] = data[g]
	for stride := 1; stride < t.BlockDim.X; stride *= 2 {
		t.SyncThreads()
		var temp float32
		if t.ThreadIdx.X >= stride {
			temp = x[t.ThreadIdx.X] + x[t.ThreadIdx.X-stride]
		}
		t.SyncThreads()
		if t.ThreadIdx.X >= stride {
			x[t.ThreadIdx.X] = temp
		}
	}
	t.SyncThreads()
	data[g] = x[t.ThreadIdx.X]
}

// ReverseStepKernel takes one Hillis–Steele step at offset d over each
// block's part of data, in a shared array with room for d's reads above
// the block: d below zero reads elements other threads write in the same
// step, which the barrier orders, so the step must keep its two loops.
// The value read lives past the step, so the fused loop runs every
// thread, not only those the guard admits.
//
//gocuda:kernel ReverseStepKernel
func reverseStep(t *gocuda.Thread, data []int32, d int) {
	i := t.ThreadIdx.X
	g := t.BlockIdx.X*t.BlockDim.X + i
	x := gocuda.Shared[int32](t, t.BlockDim.X+8)
	x[i] = data[g]
	if i == 0 {
		for k := range 8 {
			x[t.BlockDim.X+k] = int32(100 * (k + 1))
		}
	}
	t.SyncThreads()
	var y int32
	if i >= d {
		y = 3*x[i-d] + 1
	}
	t.SyncThreads()
	if i >= d {
		x[i] = y - x[i]
	}
	t.SyncThreads()
	data[g] = x[i] + y // y lives past the step: its threads below d must keep their zero
}

// ReverseShiftKernel is the compiler fuzzer's shift step (one block's
// data[rank] in shared memory, a step at offset size/3 in one-row blocks,
// skipped in others). Its offset is a division, which the SIMD build
// evaluates once per vector step under the guard's mask: the step's index
// checks must come after it (a fuzzer find: they were written before the
// variable they read was declared).
//
//gocuda:kernel ReverseShiftKernel
func reverseShift(t *gocuda.Thread, data []int32) {
	size := t.BlockDim.X * t.BlockDim.Y * t.BlockDim.Z
	rank := t.ThreadRank()
	sh := gocuda.Shared[int32](t, 2*size)
	sh[rank] = data[rank]
	t.SyncThreads()
	var a0 int32
	if t.BlockDim.Y*t.BlockDim.Z == 1 {
		y := int32(0)
		if t.ThreadIdx.X >= size/3 {
			y = sh[t.ThreadIdx.X-size/3] + sh[t.ThreadIdx.X]
		}
		t.SyncThreads()
		if t.ThreadIdx.X >= size/3 {
			sh[t.ThreadIdx.X] += y
		}
	}
	t.SyncThreads()
	a0 += sh[rank]
	data[rank] = a0
}
