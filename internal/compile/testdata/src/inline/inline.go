package inline

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// Number is what the kernels add.
type Number interface{ ~int32 | ~float32 }

// TreeKernel sums each block's inputs with a helper that runs the barrier
// loop, and another that returns the sum.
//
//gocuda:kernel TreeKernel
func tree[T Number](t *gocuda.Thread, in, partial []T) {
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	var v T
	if i < len(in) {
		v = in[i]
	}
	sdata[tid] = v
	t.SyncThreads()
	sum := treeSum(t, sdata)
	if tid == 0 {
		partial[t.BlockIdx.X] = sum
	}
}

// treeSum folds x down to x[0] and returns it.
func treeSum[T Number](t *gocuda.Thread, x []T) T {
	treeSteps(t, x, 0)
	return x[0]
}

// treeSteps runs the steps of the sequential-addressing tree down to stop.
func treeSteps[T Number](t *gocuda.Thread, x []T, stop int) {
	tid := t.ThreadIdx.X
	for s := len(x) / 2; s > stop; s /= 2 {
		if tid < s {
			x[tid] += x[tid+s]
		}
		t.SyncThreads()
	}
}

// stage waits for the block after a definition nothing reads, whose only
// use of package bits the compiler drops with it.
func stage(t *gocuda.Thread, x int32, lane int) int32 {
	f := bits.OnesCount32(uint32(lane)) > 3
	_ = f
	t.SyncThreads()
	return x
}

// DeadImportKernel inlines stage: its generated file does not import
// package bits, which it no longer names (found by the fuzzer).
//
//gocuda:kernel DeadImportKernel
func deadImport(t *gocuda.Thread, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := stage(t, 1, i)
	if i < len(out) {
		out[i] = v
	}
}
