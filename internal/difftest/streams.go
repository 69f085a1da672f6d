package difftest

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file read one slice in two streams a block apart,
// as Harris's reductions 4 to 6 load their elements: both builds run
// the first stream's reads for every thread of the block before the rest
// (the streams pass), and the loop as written where one of them fails.

// StreamAt is the CUDA samples' guarded load: in[i], or 0 at or past
// the end (a negative i fails).
func StreamAt(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// StreamsFirstAddKernel is Harris's kernel 4 with the block's offset into
// in given: thread tid of block b adds StreamAt(in, i) and StreamAt(in,
// i+blockDim) for i = off + 2*b*blockDim + tid, and the block reduces
// with sequential addressing into partial[b].
//
//gocuda:kernel StreamsFirstAddKernel
func streamsFirstAdd(t *gocuda.Thread, in, partial []float32, off int) {
	tid := t.ThreadIdx.X
	i := off + t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = StreamAt(in, i) + StreamAt(in, i+t.BlockDim.X)
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// StreamsProductKernel multiplies in[i] by in[i+half], unguarded, for
// i = off + 2*b*half + tid, into a local first; thread tid of block b
// writes the product of thread blockDim-1-tid to out.
//
//gocuda:kernel StreamsProductKernel
func streamsProduct(t *gocuda.Thread, in, out []float32, off, half int) {
	tid := t.ThreadIdx.X
	i := off + t.BlockIdx.X*2*half + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	v := in[i] * in[i+half]
	s[tid] = v
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = s[t.BlockDim.X-1-tid] - v
}

// StreamsReduce3Kernel is the CUDA samples' reduce3 load, up to n (which
// may pass the end of in): a sum started from the first stream, the
// second added under its own guard, then the block's tree into
// partial[b].
//
//gocuda:kernel StreamsReduce3Kernel
func streamsReduce3(t *gocuda.Thread, in, partial []float32, n int) {
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + tid
	var mySum float32
	if i < n {
		mySum = in[i]
	}
	if i+t.BlockDim.X < n {
		mySum += in[i+t.BlockDim.X]
	}
	sdata[tid] = mySum
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			mySum += sdata[tid+s]
			sdata[tid] = mySum
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = mySum
	}
}

// StreamsFirstMaxKernel is Harris's first-add load with an int32 max and
// the second index defined in its guard (j := i + blockDim.X, j < n), up
// to n (which may pass the end of in), then the block's tree into
// partial[b].
//
//gocuda:kernel StreamsFirstMaxKernel
func streamsFirstMax(t *gocuda.Thread, in, partial []int32, n int) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
	v := int32(math.MinInt32)
	if i < n {
		v = in[i]
	}
	if j := i + t.BlockDim.X; j < n {
		v = max(v, in[j])
	}
	sdata[tid] = v
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] = max(sdata[tid], sdata[tid+s])
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}
