package generic

import (
	gc "github.com/gocuda/gocuda/gocuda"
	"math"
)

// Number is what the kernels sum.
type Number interface{ ~int32 | ~float64 }

// ReduceKernel sums each block's inputs in shared memory.
//
//gocuda:kernel ReduceKernel
func reduce[T Number](t *gc.Thread, in, partial []T, scale ...float64) {
	const half = 2
	sdata := gc.Shared[T](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	var v T
	if i < len(in) {
		v = in[i]
	}
	sdata[tid] = v
	t.SyncThreads()
	for s := t.BlockDim.X / half; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0] * T(math.Floor(scale[0]))
	}
}

// SquareKernel squares its input: no barrier, one thread loop.
//
//gocuda:kernel SquareKernel
func square(t *gc.Thread, x []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	for ; i < len(x); i += t.BlockDim.X * t.GridDim.X {
		x[i] *= x[i]
	}
}
