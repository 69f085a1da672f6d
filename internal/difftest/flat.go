package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file are grid-stride loops whose trips are
// independent, which the compiled form runs flat: each worker a
// contiguous part of the loop's iteration space, whatever blocks its
// threads belong to (the flatten pass). Each records which thread handled
// each element, so that a wrong mapping of elements to threads shows.

// FlatOffsetKernel walks from base to last inclusive, its start written
// as base plus the block's first index plus the thread's: out[i] gets
// in[i] and the thread that took i.
//
//gocuda:kernel FlatOffsetKernel
func flatOffset(t *gocuda.Thread, in, out []int32, base, last int) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := base + t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i <= last; i += stride {
		out[i] = in[i] + int32(t.BlockIdx.X*1000+t.ThreadIdx.X)*100
	}
}

// FlatStepKernel takes a step of the caller's: flat only where it is the
// grid's threads, at run time, and in lockstep otherwise.
//
//gocuda:kernel FlatStepKernel
func flatStep(t *gocuda.Thread, in, out []int32, step int) {
	id := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for i := id; i < len(out); i += step {
		v := in[i] * 3
		if v < 0 {
			v = -v
		}
		out[i] = v + in[max(i-1, 0)]
	}
}

// FlatCarryKernel reads an element another trip of the same thread
// writes: its trips depend on each other, so it is not flat.
//
//gocuda:kernel FlatCarryKernel
func flatCarry(t *gocuda.Thread, out []int32) {
	stride := t.BlockDim.X * t.GridDim.X
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + stride; i < len(out); i += stride {
		out[i] += out[i-stride] + 1
	}
}

// StrideSumKernel is Harris's kernel 7 shape: each thread sums a
// grid-stride loop's elements, two a trip, into a variable the trips
// carry, then the block sums its threads' in shared memory. Its loop is
// no flat one (the trips depend on each other through the sum); the SIMD
// build runs each of its lockstep steps eight threads at a time.
//
//gocuda:kernel StrideSumKernel
func strideSum[T int32 | float32](t *gocuda.Thread, in, partial []T) {
	n, b := len(in), t.BlockDim.X
	var v T
	for i := t.BlockIdx.X*2*b + t.ThreadIdx.X; i < n; i += 2 * b * t.GridDim.X {
		v += in[i]
		if i+b < n {
			v += in[i+b] * 2
		}
	}
	s := gocuda.Shared[T](t, b)
	s[t.ThreadIdx.X] = v
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var sum T
		for _, x := range s {
			sum += x
		}
		partial[t.BlockIdx.X] = sum
	}
}

// ColumnsKernel gives x to the rows of a row-major matrix and y to its
// columns, as Rodinia's gaussian does, over a grid whose z picks one of
// several matrices: the compiled form takes its blocks y fastest
// (the order pass). Each element records the block and thread that wrote it.
//
//gocuda:kernel ColumnsKernel
func columns(t *gocuda.Thread, out []int32, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x >= h || y >= w {
		return
	}
	out[(t.BlockIdx.Z*h+x)*w+y] = int32(((t.BlockIdx.Z*7+t.BlockIdx.Y)*13+t.BlockIdx.X)*1000 + t.ThreadIdx.Y*31 + t.ThreadIdx.X)
}
