package difftest

import (
	"cmp"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file are the compiler bugs the held-out set of real
// CUDA kernels (package internal/corpus/hecbenchrodinia) found, each reduced to
// what it needs, now regression tests.

// warpSumInPlace adds the lanes' sum[0] together in place, through the
// slice, as softmax-fused's warp_reduce does with its per-thread arrays.
func warpSumInPlace(t *gocuda.Thread, sum []float32) {
	for offset := 16; offset > 0; offset /= 2 {
		sum[0] += gocuda.ShflXorSync(t, gocuda.FullMask, sum[0], offset, 32)
	}
}

// SliceLaneKernel passes a thread's array, as a slice, to a helper that
// reduces it across the warp by shuffles: the array lives across the
// collectives, and the helper's writes through the slice must reach it
// (the compiled form kept a copy per lane, which the writes missed).
//
//gocuda:kernel SliceLaneKernel
func sliceLane(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s [2]float32
	s[0] = in[i]
	s[1] = 1
	warpSumInPlace(t, s[:])
	out[i] = s[0] + s[1]
}

// SliceSpillKernel keeps a thread's array and a slice and a pointer into
// it across barriers, and writes through them between: the writes must
// reach the array the thread reads at the end.
//
//gocuda:kernel SliceSpillKernel
func sliceSpill(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sh := gocuda.Shared[int32](t, t.BlockDim.X)
	var acc [2]int32
	part := acc[:]
	last := &acc[1]
	sh[tid] = in[i]
	t.SyncThreads()
	part[0] = sh[(tid+1)%t.BlockDim.X]
	t.SyncThreads()
	*last = part[0] * 2
	t.SyncThreads()
	out[i] = acc[0] + acc[1]
}

// warpScanRef scans *val across the warp, inclusively: a helper taking a
// C++ reference (int &val), in Go a pointer.
func warpScanRef(t *gocuda.Thread, val *int32) {
	for d := 1; d < 32; d *= 2 {
		tmp := gocuda.ShflUpSync(t, gocuda.FullMask, *val, d, 32)
		if t.LaneID() >= d {
			*val += tmp
		}
	}
}

// ScanRefKernel passes the address of a thread's value to a helper that
// scans it across the warp by shuffles (HeCBench mpc's prefixsum): the
// value lives across the collectives, and is read after them (refused
// before: the address of a value kept per lane was the loop's copy).
//
//gocuda:kernel ScanRefKernel
func scanRef(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	warpScanRef(t, &v)
	out[i] = v
}

// AddressOutKernel stores the address of a thread's value, which lives
// across a barrier, in global memory: each thread's pointer must stay its
// own after the block (and the launch) ends.
//
//gocuda:kernel AddressOutKernel
func addressOut(t *gocuda.Thread, out []*int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	x := i * 2
	x++
	t.SyncThreads()
	out[i] = &x
}

// SliceOnlyKernel writes a thread's array only through a slice of it,
// across barriers: the array is the thread's own (the compiled form took
// it for one of the block's, declared without a thread's value).
//
//gocuda:kernel SliceOnlyKernel
func sliceOnly(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var acc [2]int32
	part := acc[:]
	part[0] = in[i]
	t.SyncThreads()
	part[1] = part[0] * 2
	t.SyncThreads()
	out[i] = acc[0] + acc[1]
}

// StrideTypedKernel sums a thread-strided loop whose variable is not an
// int (I: int64 or int32; a constant limit) before a barrier, then reads
// its neighbour's sum (HeCBench rmsnorm's and bincount's loops: the
// lockstep loop's offset was an int, and the generated file did not
// build).
//
//gocuda:kernel StrideTypedKernel
func strideTyped[I int32 | int64](t *gocuda.Thread, in, out []float32, n I) {
	sums := gocuda.Shared[float32](t, t.BlockDim.X)
	var s float32
	for i := I(t.ThreadIdx.X); i < n; i += I(t.BlockDim.X) {
		s += in[i]
	}
	var c float32
	for j := int64(t.ThreadIdx.X); j < 100; j += int64(t.BlockDim.X) {
		c++
	}
	sums[t.ThreadIdx.X] = s + c
	t.SyncThreads()
	out[t.ThreadIdx.X] = sums[(t.ThreadIdx.X+1)%t.BlockDim.X]
}

// warpMin is the warp's minimum of v, for any ordered type.
func warpMin[T cmp.Ordered](t *gocuda.Thread, v T) T {
	for m := 16; m > 0; m >>= 1 {
		v = min(v, gocuda.ShflXorSync(t, gocuda.FullMask, v, m, 32))
	}
	return v
}

// WarpMinKernel stores each warp's minimum of in, through a generic
// helper constrained by cmp.Ordered that holds the shuffles (HeCBench
// collision's warpHasCollision): inlined, it left the generated file
// importing cmp, unused, and the file did not build.
//
//gocuda:kernel WarpMinKernel
func warpMinK(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = warpMin(t, in[i])
}

// hop is an element of BoxBoundKernel's boxes: lavaMD's box_str, whose nn
// counts the box's neighbours.
type hop struct{ nn int32 }

// BoxBoundKernel rotates each block's elements through shared memory
// 1+boxes[blockIdx].nn times: a loop with barriers bounded by an element,
// at the block's index, of a slice the kernel never writes (Rodinia
// lavaMD; refused before).
//
//gocuda:kernel BoxBoundKernel
func boxBound(t *gocuda.Thread, data []int32, boxes []hop) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	n := 1 + int(boxes[t.BlockIdx.X].nn)
	for k := 0; k < n; k++ {
		s[t.ThreadIdx.X] = data[i]
		t.SyncThreads()
		data[i] = s[(t.ThreadIdx.X+1)%t.BlockDim.X]
		t.SyncThreads()
	}
}

// TwoGuardsKernel runs an if for every thread before the if that ends
// its loop for the threads it admits (HeCBench mpc's prefixsum inlined
// before if tid == TPB-1): the narrowed loop ran only the last if's
// threads, and the others skipped the first if.
//
//gocuda:kernel TwoGuardsKernel
func twoGuards(t *gocuda.Thread, out []int32) {
	s := gocuda.Shared[int32](t, 1)
	tid := t.ThreadIdx.X
	t.SyncThreads()
	if tid%2 == 0 {
		out[t.BlockIdx.X*t.BlockDim.X+tid] = 1
	}
	if tid < 4 {
		s[0] = int32(tid)
	}
	t.SyncThreads()
}

// SharedStepKernel halves a value in shared memory until it is zero,
// counting the halves that are odd, with a barrier under an if on a local
// computed from the shared value after a barrier (HeCBench asta's
// next_in_cycle; refused before): no thread writes the value until the
// next barrier, so every thread computes the same local.
//
//gocuda:kernel SharedStepKernel
func sharedStep(t *gocuda.Thread, in, out []int32) {
	v := gocuda.Shared[int32](t, 2)
	tid := t.ThreadIdx.X
	if tid == 0 {
		v[0], v[1] = in[t.BlockIdx.X], 0
	}
	t.SyncThreads()
	for v[0] > 0 {
		next := v[0] / 2
		if next%2 == 1 {
			t.SyncThreads()
			if tid == 0 {
				v[1]++
			}
		}
		t.SyncThreads()
		if tid == 0 {
			v[0] = next
		}
		t.SyncThreads()
	}
	out[t.BlockIdx.X*t.BlockDim.X+tid] = v[1]
}
